import type { FsSearchDto } from '@driftbox/contract';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import type { Harness, Headers } from '../../test/harness.js';

/** Search calls and storage set-up for the search tests, against the harness of the running test. */
export function searchCalls(harness: () => Harness) {
  const h = () => harness();
  const store = async (configId: string) => (await h().services.storageConfigs.storeFor(configId)).store;
  return {
    /** Writes objects straight into a config's storage (bypassing the vfs: no write notice). */
    async put(configId: string, keys: readonly string[]) {
      const s = await store(configId);
      for (const key of keys) await s.put(key, Readable.from([Buffer.from(`body of ${key}`)]));
    },
    async remove(configId: string, keys: string[]) {
      await (await store(configId)).delete(keys);
    },
    /** GET /api/fs/search with these parameters. */
    call(headers: Headers, params: Record<string, string | number>) {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
      return h().call('GET', `/api/fs/search?${qs.toString()}`, { headers });
    },
    /** A search expected to succeed. */
    async found(headers: Headers, params: Record<string, string | number>): Promise<FsSearchDto> {
      const res = await this.call(headers, params);
      expect(res.status, res.text).toBe(200);
      return res.body.data as FsSearchDto;
    },
    /** The virtual paths a search answers, in order. */
    async paths(headers: Headers, params: Record<string, string | number>): Promise<string[]> {
      return (await this.found(headers, params)).results.map((r) => r.path);
    },
    /** Runs the queued refresh tasks (the harness starts no worker). */
    async refresh() {
      await h().services.tasks.drain();
    },
  };
}
