import { Permission } from '@driftbox/contract';
import { Readable } from 'node:stream';
import type { Harness, Headers } from '../../test/harness.js';
import { mountCalls } from '../mounts/mounts.test-support.js';

export const DAV_RW = Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE;

export const basic = (user: string, password: string): Headers => ({
  Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** WebDAV calls against the harness of the running test. */
export function davCalls(harness: () => Harness) {
  const h = harness;
  const { created } = mountCalls(harness);

  async function dav(method: string, path: string, headers: Headers = h().actors.admin(), body?: string) {
    const res = await h().app.request(`http://localhost${path}`, { method, headers, body });
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** A mount at `/local` on the LOCAL config (native_proxy unless told). */
  const localMount = (extra: Record<string, unknown> = {}) =>
    created({
      name: 'local',
      mount_path: '/local',
      storage_config_id: 'local',
      webdav_policy: 'native_proxy',
      ...extra,
    });

  async function seed(objects: Record<string, string>, configId = 'local') {
    const { store } = await h().services.storageConfigs.storeFor(configId);
    for (const [key, content] of Object.entries(objects)) await store.put(key, Readable.from([Buffer.from(content)]));
  }

  async function read(key: string, configId = 'local'): Promise<string | null> {
    const { store } = await h().services.storageConfigs.storeFor(configId);
    const got = await store.get(key).catch(() => null);
    if (!got) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of got.body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  /** A key with the given bits and base path, presented as Basic with the key as user and password. */
  async function keyBasic(permissions: number, basicPath = '/'): Promise<Headers> {
    const { key } = await h().createKey(permissions, { basicPath });
    return basic(key.key, key.key);
  }

  return { dav, localMount, seed, read, keyBasic };
}
