import { serve, type ServerType } from '@hono/node-server';
import { Permission, type StorageConfigDto } from '@driftbox/contract';
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createHarness, type Harness } from '../../test/harness.js';
import { createTestBucket, s3ConfigFields } from '../../test/s3.js';
import { storageKinds } from '../fs/fs.test-support.js';

/** Runs a program; resolves with its output whatever its exit code (the assertions read the output). */
function run(file: string, args: string[], options: { env?: NodeJS.ProcessEnv; input?: string } = {}) {
  return new Promise<{ code: number; out: string; stdout: string }>((resolve) => {
    const child = execFile(
      file,
      args,
      { env: { ...process.env, ...options.env }, maxBuffer: 64 << 20, timeout: 240_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}`, stdout }),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * MiB of the large rclone file per storage (1 GiB on LOCAL; MinIO is slower on this machine). The second
 * Node.js tier of `npm test` lowers it with DRIFTBOX_WEBDAV_BIG_MB: the 1 GiB proof has run in the first.
 */
const bigMb = Number(process.env.DRIFTBOX_WEBDAV_BIG_MB ?? 1024);
const BIG_MB = { LOCAL: bigMb, S3: Math.min(bigMb, 256) };

// Real clients over a real socket: litmus (the compliance suite), rclone and cadaver, on LOCAL and MinIO.
describe.each(storageKinds)('WebDAV clients (%s)', (kind) => {
  let h: Harness;
  let server: ServerType;
  let dav = '';
  let work = '';
  let keySecret = '';

  beforeAll(async () => {
    h = await createHarness({ dialect: 'sqlite' });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: h.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    dav = `http://127.0.0.1:${(server.address() as AddressInfo).port}/dav`;
    let configId = 'local';
    if (kind === 'S3') {
      const bucket = await createTestBucket('dav');
      const res = await h.call('POST', '/api/s3-configs', {
        headers: h.actors.admin(),
        body: { name: 'minio', ...s3ConfigFields(bucket), is_public: 1 },
      });
      configId = (res.body.data as StorageConfigDto).id;
    }
    const mount = await h.call('POST', '/api/admin/mounts', {
      headers: h.actors.admin(),
      body: { name: 'm', mount_path: '/m', storage_config_id: configId, webdav_policy: 'native_proxy' },
    });
    expect(mount.status, mount.text).toBe(201);
    const { key } = await h.createKey(Permission.WEBDAV_READ | Permission.WEBDAV_MANAGE, { basicPath: '/m' });
    keySecret = key.key;
    work = mkdtempSync(path.join(tmpdir(), 'driftbox-dav-'));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await h.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('passes every litmus test of basic, copymove, props, locks and http', async () => {
    const env = { TESTS: 'basic copymove props locks http', HOME: work };
    const { out } = await run('litmus', ['-k', `${dav}/m/`, ADMIN.username, ADMIN.password], { env });
    const summaries = [...out.matchAll(/<- summary for `(\w+)': of (\d+) tests run: (\d+) passed, (\d+) failed/g)];
    console.info(`litmus on ${kind}:\n${summaries.map((m) => m[0]).join('\n')}`);
    expect(
      summaries.map((m) => m[1]),
      out,
    ).toEqual(['basic', 'copymove', 'props', 'locks', 'http']);
    for (const m of summaries) expect(Number(m[4]), `${m[0]}\n${out}`).toBe(0);
  }, 300_000);

  it('syncs 500 files up and back with rclone, and a large file byte for byte', async () => {
    const tree = path.join(work, 'tree');
    for (let i = 0; i < 500; i++) {
      const dir = path.join(tree, `d${i % 10}`, i % 3 === 0 ? 'sub' : '');
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `file-${i} é.txt`), randomBytes(64 + (i % 200)));
    }
    // A key may start with '-' (base64url): after `--` and in `--flag=value` form it is never read as a flag.
    const obscure = await run('rclone', ['obscure', '--config', '/dev/null', '--', keySecret]);
    expect(obscure.code, obscure.out).toBe(0);
    const remote = [
      `--webdav-url=${dav}`,
      `--webdav-user=${keySecret}`,
      `--webdav-pass=${obscure.stdout.trim()}`,
      '--webdav-vendor=other',
    ];
    const flags = [...remote, '--config', '/dev/null', '-q', '--transfers', '8', '--checkers', '8'];
    const up = await run('rclone', ['sync', tree, ':webdav:m/tree', ...flags]);
    expect(up.code, up.out).toBe(0);
    const back = path.join(work, 'back');
    const down = await run('rclone', ['sync', ':webdav:m/tree', back, ...flags]);
    expect(down.code, down.out).toBe(0);
    const check = await run('rclone', ['check', tree, back, ...flags]);
    expect(check.code, check.out).toBe(0);
    const remoteCheck = await run('rclone', ['check', tree, ':webdav:m/tree', ...flags]);
    expect(remoteCheck.code, remoteCheck.out).toBe(0);

    const big = path.join(work, 'big.bin');
    const mb = BIG_MB[kind];
    const made = await run('sh', ['-c', `head -c ${mb * 1024 * 1024} /dev/urandom > '${big}'`]);
    expect(made.code).toBe(0);
    const started = Date.now();
    const put = await run('rclone', ['copyto', big, ':webdav:m/big.bin', ...flags]);
    expect(put.code, put.out).toBe(0);
    const got = path.join(work, 'big-back.bin');
    const get = await run('rclone', ['copyto', ':webdav:m/big.bin', got, ...flags]);
    expect(get.code, get.out).toBe(0);
    console.info(`rclone ${mb} MiB up and down on ${kind}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    expect(await sha256(got)).toBe(await sha256(big));
    rmSync(big);
    rmSync(got);
  }, 400_000);

  it('scripts cadaver: mkdir, put, get, move, lock, unlock', async () => {
    const home = path.join(work, 'cadaver-home');
    mkdirSync(home, { recursive: true });
    writeFileSync(path.join(home, '.netrc'), `machine 127.0.0.1 login ${keySecret} password ${keySecret}\n`, {
      mode: 0o600,
    });
    writeFileSync(path.join(home, 'hello.txt'), 'hello from cadaver\n');
    const script = [
      `lcd ${home}`,
      'mkcol cad',
      'cd cad',
      'put hello.txt',
      'get hello.txt got.txt',
      'move hello.txt moved.txt',
      'lock moved.txt',
      'unlock moved.txt',
      'ls',
      'quit',
    ].join('\n');
    const { out } = await run('cadaver', [`${dav}/m/`], { env: { HOME: home }, input: `${script}\n` });
    expect(out, out).not.toMatch(/failed|Could not/i);
    expect((out.match(/succeeded/g) ?? []).length, out).toBeGreaterThanOrEqual(5);
    expect(readFileSync(path.join(home, 'got.txt'), 'utf8')).toBe('hello from cadaver\n');
    const moved = await fetch(`${dav}/m/cad/moved.txt`, {
      headers: { Authorization: `ApiKey ${keySecret}` },
    });
    expect([moved.status, await moved.text()]).toEqual([200, 'hello from cadaver\n']);
    expect((await fetch(`${dav}/m/cad/hello.txt`, { headers: { Authorization: `ApiKey ${keySecret}` } })).status).toBe(
      404,
    );
  }, 120_000);
});
