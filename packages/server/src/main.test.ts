import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { freePort, start, waitFor, type Run } from './test/main-process.js';

const OPS_PASSWORD = 'operability-Pw-8472';

describe('main (real process)', () => {
  let dir: string | undefined;
  let run: Run | undefined;
  afterEach(() => {
    if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints every configuration problem and exits 1', async () => {
    run = start({ PORT: 'x', ENCRYPTION_SECRET: 'weak', LOG_LEVEL: 'chatty' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('invalid configuration');
    for (const name of ['PORT', 'ENCRYPTION_SECRET', 'LOG_LEVEL']) expect(run.output()).toContain(`- ${name}:`);
  });

  it('logs JSON lines with request ids (stdout not a terminal) and serves /metrics on its own loopback port only', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const [port, metricsPort] = [await freePort(), await freePort()];
    run = start({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      METRICS_PORT: String(metricsPort),
      ADMIN_PASSWORD: OPS_PASSWORD,
    });
    await waitFor(() => run?.output().includes('/metrics"') ?? false);
    const base = `http://127.0.0.1:${port}`;

    expect((await fetch(`${base}/api/health`, { headers: { 'X-Request-Id': 'ops-health-1' } })).status).toBe(200);
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: OPS_PASSWORD }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    // The main port has no /metrics without METRICS_TOKEN, whoever asks.
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${data.token}` } })).status).toBe(404);

    const scraped = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toContain('driftbox_http_requests_total{route="/api/health",method="GET",status="200"} 1');
    expect(text).toContain('driftbox_http_requests_total{route="/metrics",method="GET",status="404"} 1');
    const sent = Number(/\ndriftbox_http_sent_bytes_total (\d+)/.exec(text)?.[1]);
    expect(sent).toBeGreaterThan(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    const lines = run.output().trim().split('\n');
    const json = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(json.find((l) => l.requestId === 'ops-health-1')).toMatchObject({
      level: 'info',
      msg: expect.stringMatching(/^GET \/api\/health 200 /),
      pid: run.child.pid,
    });
    expect(run.output()).not.toContain(OPS_PASSWORD);
    expect(run.output()).not.toContain(data.token);
  });

  it('starts on a fresh data folder, prints the first-run password once, serves, and exits 0 on SIGTERM', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const port = await freePort();
    const env = { DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' };
    run = start(env);
    await waitFor(() => run?.output().includes('listening on') ?? false);
    const password = /Password: (\S+)/.exec(run.output())?.[1] ?? '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(statSync(path.join(dir, 'secret.key')).mode & 0o777).toBe(0o600);

    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(await health.json()).toMatchObject({ code: 200, status: 'ok' });
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);

    // Second start: same secret and admin, no new password printed.
    run = start(env);
    await waitFor(() => run?.output().includes('listening on') ?? false);
    expect(run.output()).not.toContain('Password:');
    run.child.kill('SIGINT');
    expect(await run.exited).toBe(0);
  });

  it('also serves on SOCKET_PATH, owner and group only, and removes the socket on exit', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const socketPath = path.join(dir, 'driftbox.sock');
    run = start({
      DATA_DIR: dir,
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      SOCKET_PATH: socketPath,
      ADMIN_PASSWORD: 'configured-pass',
    });
    await waitFor(() => run?.output().includes(`listening on unix:${socketPath}`) ?? false);
    expect(statSync(socketPath).mode & 0o777).toBe(0o660);
    const body = await new Promise<string>((resolve, reject) => {
      request({ socketPath, path: '/api/health', headers: { host: 'localhost' } }, (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve(text));
      })
        .on('error', reject)
        .end();
    });
    expect(JSON.parse(body)).toMatchObject({ code: 200, status: 'ok' });
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('on SIGTERM a request in flight on a keep-alive connection is answered with Connection: close, and the process exits 0 at once', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const port = await freePort();
    run = start({ DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'configured-pass' });
    await waitFor(() => run?.output().includes('listening on') ?? false);
    const agent = new Agent({ keepAlive: true });
    const body = JSON.stringify({ username: 'admin', password: 'wrong-password' });
    let answered: (value: { status: number; connection: string | undefined }) => void = () => undefined;
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve) => (answered = resolve));
    const req = request(
      {
        port,
        host: '127.0.0.1',
        agent,
        method: 'POST',
        path: '/api/admin/login',
        headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
      },
      (res) => {
        res.resume();
        res.on('end', () => answered({ status: res.statusCode ?? 0, connection: res.headers.connection }));
      },
    );
    // Half the body, then the signal, then the rest: the request is in flight when shutdown starts.
    req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 200));
    const signalled = Date.now();
    run.child.kill('SIGTERM');
    await waitFor(() => run?.output().includes('SIGTERM received') ?? false);
    req.end(body.slice(10));
    expect(await answer).toEqual({ status: 401, connection: 'close' });
    expect(await run.exited).toBe(0);
    // Not the 10 s forced exit: nothing was left holding the server open.
    expect(Date.now() - signalled).toBeLessThan(5_000);
    agent.destroy();
  });

  it('on SIGTERM an upload still streaming after the grace period is ended and discarded (no pending share, no temporary file), and the process still exits 0', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const data = path.join(dir, 'data');
    const port = await freePort();
    run = start({ DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'configured-pass' });
    await waitFor(() => run?.output().includes('listening on') ?? false);
    // A new data folder is the owner's alone.
    expect(statSync(data).mode & 0o777).toBe(0o700);
    const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'configured-pass' }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const upload = request({
      port,
      host: '127.0.0.1',
      method: 'PUT',
      path: '/api/upload-direct/slow.bin',
      headers: { authorization: `Bearer ${token}`, 'content-length': String(1024 * 1024) },
    });
    upload.on('error', () => undefined);
    upload.write(Buffer.alloc(64 * 1024));
    const db = new Sqlite(path.join(data, 'driftbox.db'), { readonly: true });
    try {
      const pending = () =>
        (db.prepare("select count(*) as n from files where status = 'pending'").get() as { n: number }).n;
      await waitFor(() => pending() === 1);
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
      // The grace period, then the ended upload's clean-up: well within Docker's 10 s stop timeout.
      expect(Date.now() - signalled).toBeLessThan(9_000);
      expect(run.output()).toContain('unfinished uploads are discarded');
      expect(pending()).toBe(0);
      const tmp = path.join(data, 'storage', 'local', 'tmp');
      expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    } finally {
      db.close();
      upload.destroy();
    }
  });

  it('with SOCKET_PATH and TRUST_PROXY, only requests over the socket may name the client in X-Forwarded-For', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const socketPath = path.join(dir, 'driftbox.sock');
    const port = await freePort();
    run = start({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SOCKET_PATH: socketPath,
      TRUST_PROXY: 'true',
      ADMIN_PASSWORD: 'configured-pass',
    });
    await waitFor(() => run?.output().includes(`listening on unix:${socketPath}`) ?? false);
    const body = JSON.stringify({ username: 'admin', password: 'wrong-password' });
    const login = (target: { socketPath: string } | { port: number; host: string }, forwardedFor: string) =>
      new Promise<number>((resolve, reject) => {
        const headers = {
          host: 'localhost',
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'x-forwarded-for': forwardedFor,
        };
        request({ ...target, method: 'POST', path: '/api/admin/login', headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
          .on('error', reject)
          .end(body);
      });
    // Eleven wrong passwords, each "from" another address: through the socket they are eleven clients…
    const overSocket: number[] = [];
    for (let i = 1; i <= 11; i += 1) overSocket.push(await login({ socketPath }, `203.0.113.${i}`));
    expect(overSocket.every((status) => status === 401)).toBe(true);
    // …straight to the TCP port they are one, whatever they claim (10 per client per 15 minutes).
    const overTcp: number[] = [];
    for (let i = 1; i <= 11; i += 1) overTcp.push(await login({ port, host: '127.0.0.1' }, `198.51.100.${i}`));
    expect(overTcp.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(overTcp[10]).toBe(429);
  });

  it.skipIf(!inject('pgUrl'))('runs on PostgreSQL when DATABASE_URL is a postgres:// URL', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const schema = `driftbox_main_${process.pid}`;
    const admin = new pg.Client({ connectionString: inject('pgUrl') ?? '' });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    try {
      const url = new URL(inject('pgUrl') ?? '');
      url.searchParams.set('options', `-c search_path=${schema}`);
      const port = await freePort();
      run = start({
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: url.toString(),
        ADMIN_PASSWORD: 'configured-pass',
      });
      await waitFor(() => run?.output().includes('listening on') ?? false);
      expect(run.output()).not.toContain('Password:');
      const version = await (await fetch(`http://127.0.0.1:${port}/api/version`)).json();
      expect(version).toMatchObject({ data: { storage: 'PostgreSQL' } });
      const tables = await admin.query('select table_name from information_schema.tables where table_schema = $1', [
        schema,
      ]);
      expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toContain('api_keys');
      run.child.kill('SIGTERM');
      expect(await run.exited).toBe(0);
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.end();
    }
  });
});
