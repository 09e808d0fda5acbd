/**
 * `kill -9` of a real server process (SQLite, LOCAL storage) while it streams an upload, takes a multipart
 * part, fetches a URL, copies a folder as a task and creates pastes as fast as it can (issue 32): the
 * database opens and passes `PRAGMA integrity_check`, nothing half-written is visible, what was committed
 * reads back byte for byte, the multipart upload and the copy task resume, the URL fetch's job fails with
 * its reason, and the clean-up job sweeps what the crash left.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, roundRobin, startInstance, type Instance } from './test/instances.js';

const MiB = 1024 * 1024;
const FILES = 300;
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A PUT whose body stops after `sent` bytes of `declared` and never ends (until the server dies). */
function stalledPut(url: string, declared: number, sent: Buffer, headers: Record<string, string> = {}) {
  const req = request(url, { method: 'PUT', headers: { ...headers, 'Content-Length': String(declared) } });
  req.on('error', () => {});
  req.write(sent);
  return req;
}

async function until(what: string, predicate: () => boolean | Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await predicate())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('kill -9 of an instance under load (SQLite, LOCAL)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'driftbox-kill-'));
  const local = path.join(dir, 'storage', 'local');
  let instance: Instance | null = null;
  // The URL fetch's source, on loopback: trusted by name (URL_FETCH_TRUSTED_HOSTS), as an intranet mirror
  // would be. 96 MiB announced, 2 MiB at once (progress shows), then 64 KiB every 50 ms: over a minute.
  const source = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Length': String(96 * MiB), 'Content-Type': 'application/octet-stream' });
    res.write(Buffer.alloc(2 * MiB, 7));
    const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024, 7)), 50);
    res.on('close', () => clearInterval(timer));
  });
  const env = { DATA_DIR: dir, URL_FETCH_TRUSTED_HOSTS: 'localhost' };
  afterAll(async () => {
    await instance?.stop('SIGKILL');
    source.closeAllConnections();
    source.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves a sound database, nothing half-written visible, committed data intact, work resumed and swept', async () => {
    // A folder of files for the copy task, stored before the start as the LOCAL driver keeps them.
    const sources = new Map<string, string>();
    mkdirSync(path.join(local, 'objects', 'src'), { recursive: true });
    for (let n = 0; n < FILES; n++) {
      const body = randomBytes(16 * 1024);
      writeFileSync(path.join(local, 'objects', 'src', `f${String(n).padStart(3, '0')}.bin`), body);
      sources.set(`f${String(n).padStart(3, '0')}.bin`, sha(body));
    }
    await new Promise<void>((resolve) => source.listen(0, 'localhost', resolve));
    instance = await startInstance(env);
    let api = roundRobin([instance]).on(0);
    const login = await api('POST', '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
    const admin = { Authorization: `Bearer ${(login.json.data as { token: string }).token}` };
    expect(
      (await api('POST', '/api/admin/mounts', { name: 'disk', mount_path: '/disk', storage_config_id: 'local' }, admin))
        .status,
    ).toBe(201);

    // Committed before the crash: a 2 MiB share.
    const before = randomBytes(2 * MiB);
    const stored = await fetch(`${instance.base}/api/upload-direct/before.bin?slug=before`, {
      method: 'PUT',
      body: before,
      headers: admin,
    });
    expect(stored.status, await stored.clone().text()).toBe(201);

    // A multipart upload with its second (last) part in, the first one streaming when the process dies.
    const init = await api(
      'POST',
      '/api/fs/multipart/init',
      { path: '/disk/mp', fileName: 'big.bin', fileSize: 5 * MiB + 3, partSize: 5 * MiB },
      admin,
    );
    expect(init.status, init.text).toBe(200);
    const plan = init.json.data as { uploadId: string; presignedUrls: { partNumber: number; url: string }[] };
    const partOne = randomBytes(5 * MiB);
    const partTwo = randomBytes(3);
    expect((await fetch(plan.presignedUrls[1]!.url, { method: 'PUT', body: partTwo })).status).toBe(200);

    // The copy task, killed part-way.
    const copy = await api(
      'POST',
      '/api/fs/batch-copy',
      { items: [{ sourcePath: '/disk/src', targetPath: '/disk/dst' }] },
      admin,
    );
    expect(copy.status, copy.text).toBe(202);
    const taskId = (copy.json.data as { jobId: string }).jobId;

    // Paste writes as fast as four clients can make them; the acknowledged ones must all survive.
    const acknowledged: string[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const res = await api(
          'POST',
          '/api/paste',
          { content: `paste ${randomBytes(8).toString('hex')}` },
          admin,
        ).catch(() => null);
        if (res?.status === 201) acknowledged.push((res.json.data as { slug: string }).slug);
      }
    });

    // The URL fetch: under way once its job reports progress.
    const fetched = await api(
      'POST',
      '/api/url/fetch',
      { url: `http://localhost:${(source.address() as AddressInfo).port}/big.bin`, slug: 'fetched' },
      admin,
    );
    expect(fetched.status, fetched.text).toBe(202);
    const fetchId = (fetched.json.data as { file_id: string }).file_id;
    const job = async () =>
      (await api('GET', `/api/url/fetch/${fetchId}`, undefined, admin)).json.data as {
        status: string;
        error: string | null;
        progress: number;
      };

    const streamed = stalledPut(
      `${instance.base}/api/upload-direct/halfway.bin?slug=halfway`,
      8 * MiB,
      randomBytes(3 * MiB),
      admin,
    );
    const part = stalledPut(plan.presignedUrls[0]!.url, 5 * MiB, partOne.subarray(0, 2 * MiB));
    const db = new Sqlite(path.join(dir, 'driftbox.db'), { readonly: true });
    const copied = () =>
      (db.prepare('select progress_current as n from fs_tasks where id = ?').get(taskId) as { n: number }).n;
    await until('the copy to be under way', () => copied() >= 20);
    // The streamed upload's temp file and the URL fetch's.
    await until('both uploads to be written', () => readdirSync(path.join(local, 'tmp')).length >= 2);
    await until('paste writes', () => acknowledged.length >= 50);
    await until('the URL fetch to report progress', async () => (await job()).progress > 0);
    db.close();
    instance.run.child.kill('SIGKILL');
    await instance.run.exited;
    writing = false;
    await Promise.all(writers);
    streamed.destroy();
    part.destroy();

    // The database opens and is sound; every acknowledged paste is in it.
    const after = new Sqlite(path.join(dir, 'driftbox.db'));
    expect(after.pragma('integrity_check', { simple: true })).toBe('ok');
    const slugs = new Set((after.prepare('select slug from pastes').all() as { slug: string }[]).map((r) => r.slug));
    expect(acknowledged.filter((s) => !slugs.has(s))).toEqual([]);
    const task = after.prepare('select status, progress_current from fs_tasks where id = ?').get(taskId) as {
      status: string;
      progress_current: number;
    };
    expect(task.status).toBe('running');
    expect(task.progress_current).toBeLessThan(FILES);
    // The dead worker's lease runs out (60 s), as if that time had passed.
    after.prepare("update fs_tasks set lease_expires_at = '2000-01-01T00:00:00.000Z' where id = ?").run(taskId);
    after.close();

    instance = await startInstance(env);
    api = roundRobin([instance]).on(0);
    // Nothing half-written is visible; what was committed reads back byte for byte.
    expect((await api('GET', '/api/public/files/halfway')).status).toBe(404);
    // The URL fetch's share neither: not public, not listed; its job still counts as running for now.
    expect((await api('GET', '/api/public/files/fetched')).status).toBe(404);
    const listed = (await api('GET', '/api/files?limit=100', undefined, admin)).json.data as {
      files: { slug: string }[];
    };
    expect(listed.files.map((f) => f.slug)).toContain('before');
    expect(listed.files.map((f) => f.slug)).not.toContain('fetched');
    expect((await job()).status).toBe('running');
    const back = await fetch(`${instance.base}/api/file-download/before`);
    expect(back.status).toBe(200);
    expect(sha(Buffer.from(await back.arrayBuffer()))).toBe(sha(before));

    // The multipart upload resumes: the part cut short is sent again, the upload completes.
    const ref = { path: '/disk/mp', fileName: 'big.bin', uploadId: plan.uploadId };
    const mpParts = await api('POST', '/api/fs/multipart/list-parts', ref, admin);
    expect((mpParts.json.data as { parts: { PartNumber: number }[] }).parts.map((p) => p.PartNumber)).toEqual([2]);
    // Its URL still holds (signed, not expired), on the new instance's address.
    const again = new URL(plan.presignedUrls[0]!.url);
    again.port = String(instance.port);
    expect((await fetch(again, { method: 'PUT', body: partOne })).status).toBe(200);
    const parts = (await api('POST', '/api/fs/multipart/list-parts', ref, admin)).json.data as { parts: unknown[] };
    const done = await api('POST', '/api/fs/multipart/complete', { ...ref, parts: parts.parts }, admin);
    expect(done.status, done.text).toBe(200);
    const big = await fetch(`${instance.base}/api/fs/download?path=${encodeURIComponent('/disk/mp/big.bin')}`, {
      headers: admin,
    });
    expect(sha(Buffer.from(await big.arrayBuffer()))).toBe(sha(Buffer.concat([partOne, partTwo])));

    // The copy task is claimed again and finishes from its checkpoint.
    let status = '';
    await until('the copy task to finish', async () => {
      const job = await api('GET', `/api/fs/jobs/${taskId}`, undefined, admin);
      status = (job.json.data as { status: string }).status;
      return status === 'completed' || status === 'failed';
    });
    expect(status).toBe('completed');
    const dst = path.join(local, 'objects', 'dst');
    expect(readdirSync(dst).sort()).toEqual([...sources.keys()].sort());
    for (const [name, digest] of sources) expect(sha(readFileSync(path.join(dst, name))), name).toBe(digest);

    // The clean-up job (it runs at start) sweeps the crash's leftovers once they are old enough.
    await instance.stop('SIGTERM');
    const old = new Date('2020-01-01T00:00:00Z');
    for (const name of readdirSync(path.join(local, 'tmp'))) utimesSync(path.join(local, 'tmp', name), old, old);
    const aged = new Sqlite(path.join(dir, 'driftbox.db'));
    const pending = aged
      .prepare("update files set updated_at = '2020-01-01T00:00:00.000Z' where status = 'pending'")
      .run();
    // The streamed upload's share and the URL fetch's; and the fetch's job is silent for over an hour.
    expect(pending.changes).toBe(2);
    aged.prepare("update upload_jobs set updated_at = '2020-01-01T00:00:00.000Z' where file_id = ?").run(fetchId);
    // And the clean-up's period has passed: the next start's pass is due.
    aged.prepare("update periodic_runs set next_run_at = '2000-01-01T00:00:00.000Z'").run();
    aged.close();
    expect(readdirSync(path.join(local, 'tmp')).length).toBeGreaterThan(0);
    instance = await startInstance(env);
    api = roundRobin([instance]).on(0);
    const check = new Sqlite(path.join(dir, 'driftbox.db'), { readonly: true });
    try {
      await until('the clean-up pass', () => {
        const rows = check.prepare("select count(*) as n from files where status = 'pending'").get() as { n: number };
        return rows.n === 0 && readdirSync(path.join(local, 'tmp')).length === 0;
      });
    } finally {
      check.close();
    }
    // The fetch's job has failed (the same pass, after the leftovers), saying why; its share is gone.
    await until('the URL fetch job to fail', async () => (await job()).status !== 'running');
    expect(await job()).toMatchObject({ status: 'failed', error: 'Interrupted: the server stopped during the fetch' });
    expect((await api('GET', '/api/public/files/fetched')).status).toBe(404);
  }, 120_000);
});
