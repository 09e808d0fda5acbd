/**
 * Two instances on a PostgreSQL cluster of this file's own (stopped and started under load without
 * disturbing other test files) and the run's MinIO (issue 32): a database restart answers 503 at once
 * and recovers without restarting the app; a SIGTERM'd instance finishes the uploads it accepted.
 */
import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { StorageConfigDto } from '@driftbox/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPgCluster, type PgCluster } from '../test/pg-cluster.js';
import { ADMIN_PASSWORD, freshDatabase, roundRobin, startInstance, type Instance } from './test/instances.js';
import { createTestBucket, s3ConfigFields, s3Server } from './test/s3.js';

const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const runPg = process.env.DRIFTBOX_TEST_PG !== '0';

interface Sample {
  at: number;
  ms: number;
  status: number;
}

/** A PUT whose body arrives in `chunks` pieces `gapMs` apart; resolves with the answer. */
function slowPut(url: string, body: Buffer, chunks: number, gapMs: number, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request(
      url,
      { method: 'PUT', headers: { ...headers, 'Content-Length': String(body.length) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    const size = Math.ceil(body.length / chunks);
    let n = 0;
    const next = () => {
      req.write(body.subarray(n * size, (n + 1) * size));
      n += 1;
      if (n < chunks) setTimeout(next, gapMs);
      else req.end();
    };
    next();
  });
}

describe.skipIf(!runPg || !s3Server)('instances through a database restart and a rolling restart', () => {
  let cluster: PgCluster;
  const instances: Instance[] = [];
  let admin: Record<string, string>;
  let configId: string;

  beforeAll(async () => {
    cluster = await startPgCluster('driftbox-pg-restart-');
    const database = await freshDatabase(cluster.url, 'restart');
    instances.push(...(await Promise.all([0, 1].map(() => startInstance({ DATABASE_URL: database.url })))));
    const api = roundRobin(instances).on(0);
    const login = await api('POST', '/api/admin/login', { username: 'admin', password: ADMIN_PASSWORD });
    admin = { Authorization: `Bearer ${(login.json.data as { token: string }).token}` };
    const bucket = await createTestBucket('restart');
    const config = await api('POST', '/api/s3-configs', { name: 'minio', ...s3ConfigFields(bucket) }, admin);
    expect(config.status, config.text).toBe(201);
    configId = (config.json.data as StorageConfigDto).id;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    cluster?.dispose();
  });

  it('a database restart under load: 503 at once while it is down, served again after, no process restarted', async () => {
    const rr = roundRobin(instances);
    const samples: Sample[] = [];
    let loading = true;
    const workers = Array.from({ length: 4 }, async () => {
      while (loading) {
        const at = Date.now();
        const res = await rr.next('POST', '/api/paste', { content: 'under load' }, admin);
        samples.push({ at, ms: Date.now() - at, status: res.status });
      }
    });
    await sleep(1000);
    const downAt = Date.now();
    cluster.stop('fast');
    const stoppedAt = Date.now();
    await sleep(2500);
    cluster.start();
    const upAt = Date.now();
    const firstServed = () => samples.find((s) => s.at > upAt && s.status === 201);
    const until = Date.now() + 20_000;
    while (Date.now() < until && !firstServed()) await sleep(100);
    const servedAt = firstServed()?.at ?? Infinity;
    await sleep(1000);
    loading = false;
    await Promise.all(workers);

    const before = samples.filter((s) => s.at + s.ms < downAt);
    const down = samples.filter((s) => s.at > stoppedAt && s.at + s.ms < upAt);
    const recovered = samples.filter((s) => s.at > servedAt);
    expect(before.length).toBeGreaterThan(0);
    expect(before.every((s) => s.status === 201)).toBe(true);
    expect(down.length).toBeGreaterThan(0);
    // Refused at once, with the catalogue's 503, never a 500 nor a hang.
    expect([...new Set(down.map((s) => s.status))]).toEqual([503]);
    expect(Math.max(...down.map((s) => s.ms))).toBeLessThan(1000);
    expect(samples.filter((s) => s.status >= 500 && s.status !== 503)).toEqual([]);
    // Served again within seconds of the database's return, and from then on.
    expect(servedAt - upAt).toBeLessThan(5000);
    expect(recovered.length).toBeGreaterThan(0);
    expect(recovered.filter((s) => s.status !== 201)).toEqual([]);
    for (const instance of instances) expect(instance.run.child.exitCode).toBeNull();

    // The instances' cache listeners are back too: a settings change reaches the other at once.
    await sleep(1500);
    const saved = await rr.on(0)('PUT', '/api/admin/settings/group/4', { site_title: 'After restart' }, admin);
    expect(saved.status, saved.text).toBe(200);
    const site = await rr.on(1)('GET', '/api/admin/settings?group=4');
    expect((site.json.data as { key: string; value: string }[]).find((s) => s.key === 'site_title')?.value).toBe(
      'After restart',
    );
  }, 60_000);

  it('SIGTERM to an instance with uploads streaming through it: every accepted upload completes', async () => {
    const [leaving, staying] = instances as [Instance, Instance];
    const bodies = [0, 1, 2].map(() => randomBytes(1024 * 1024));
    const uploads = bodies.map((body, n) =>
      slowPut(
        `${leaving.base}/api/upload-direct/rolling-${n}.bin?slug=rolling-${n}&s3_config_id=${configId}`,
        body,
        10,
        200,
        admin,
      ),
    );
    await sleep(500);
    leaving.run.child.kill('SIGTERM');
    const answers = await Promise.all(uploads);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(await leaving.run.exited).toBe(0);
    // The load balancer's next request goes to the instance still running, which serves what was uploaded.
    await expect(fetch(`${leaving.base}/api/health`)).rejects.toThrow();
    for (const [n, body] of bodies.entries()) {
      const res = await fetch(`${staying.base}/api/file-download/rolling-${n}`);
      expect(res.status).toBe(200);
      expect(sha(new Uint8Array(await res.arrayBuffer()))).toBe(sha(body));
    }
  }, 60_000);
});
