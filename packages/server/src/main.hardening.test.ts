import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, start, waitFor, type Run } from './test/main-process.js';

/** The server as main.ts starts it, with the administrator logged in (issue 25, hardening 6 and 7). */
async function started(env: Record<string, string>): Promise<{ run: Run; port: number; token: string }> {
  const port = await freePort();
  const run = start({ PORT: String(port), HOST: '127.0.0.1', ADMIN_PASSWORD: 'configured-pass', ...env });
  await waitFor(() => run.output().includes('listening on'));
  const login = await fetch(`http://127.0.0.1:${port}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'configured-pass' }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return { run, port, token };
}

/** A raw `PUT /api/upload-direct/<name>` of `size` bytes, its headers sent; resolves with all it received. */
function openUpload(
  port: number,
  token: string,
  name: string,
  size: number,
): { socket: Socket; answer: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1' });
  socket.on('error', () => undefined);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.write(
    `PUT /api/upload-direct/${name} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
      `Connection: close\r\nContent-Length: ${size}\r\n\r\n`,
  );
  return { socket, answer: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

/** Every file and folder under `dir`, relative, with its permission bits. */
function modes(dir: string): Record<string, number> {
  const found: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    found[entry] = statSync(path.join(dir, entry)).mode & 0o777;
  }
  return found;
}

describe('main (real process): slow clients and file modes', () => {
  let dir: string | undefined;
  let run: Run | undefined;
  afterEach(() => {
    if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers an upload trickled below MIN_BODY_RATE with 408 and discards it', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const server = await started({ DATA_DIR: dir, BODY_RATE_WINDOW: '1' });
    run = server.run;
    const upload = openUpload(server.port, server.token, 'trickle.bin', 1024 * 1024);
    upload.socket.write(Buffer.alloc(16 * 1024));
    const db = new Sqlite(path.join(dir, 'driftbox.db'), { readonly: true });
    const pending = () =>
      (db.prepare("select count(*) as n from files where status = 'pending'").get() as { n: number }).n;
    const trickle = setInterval(() => upload.socket.writable && upload.socket.write('x'), 50);
    try {
      await waitFor(() => pending() === 1);
      const answer = await upload.answer;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
        code: 408,
        success: false,
        error: 'REQUEST_TIMEOUT',
      });
      await waitFor(() => pending() === 0);
      const tmp = path.join(dir, 'storage', 'local', 'tmp');
      await waitFor(() => (existsSync(tmp) ? readdirSync(tmp) : []).length === 0);
      expect(run.output()).not.toMatch(/ERR_|Error:/);
    } finally {
      clearInterval(trickle);
      db.close();
    }
  });

  it('creates everything under DATA_DIR for the owner only: database, -wal/-shm, secret, stored and temporary files', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'driftbox-main-'));
    const data = path.join(dir, 'data');
    const server = await started({ DATA_DIR: data });
    run = server.run;
    const authorized = { Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json' };
    const paste = await fetch(`http://127.0.0.1:${server.port}/api/paste`, {
      method: 'POST',
      headers: authorized,
      body: JSON.stringify({ content: 'hello' }),
    });
    expect(paste.status).toBe(201);

    // An upload under way: its temporary file is the owner's too.
    const size = 256 * 1024;
    const upload = openUpload(server.port, server.token, 'kept.bin', size);
    upload.socket.write(Buffer.alloc(64 * 1024, 1));
    const tmp = path.join(data, 'storage', 'local', 'tmp');
    await waitFor(() => existsSync(tmp) && readdirSync(tmp).length === 1);
    expect(Object.values(modes(tmp))).toEqual([0o600]);
    upload.socket.write(Buffer.alloc(size - 64 * 1024, 1));
    expect((await upload.answer).split('\r\n')[0]).toBe('HTTP/1.1 201 Created');

    const found = modes(data);
    for (const name of ['driftbox.db', 'driftbox.db-wal', 'driftbox.db-shm', 'secret.key']) {
      expect(found[name], name).toBe(0o600);
    }
    const entries = Object.entries(found);
    // The stored object, besides the database files and the secret.
    expect(
      entries.filter(([name]) => name.startsWith('storage') && statSync(path.join(data, name)).isFile()),
    ).toHaveLength(1);
    for (const [name, mode] of entries) {
      expect([name, mode]).toEqual([name, statSync(path.join(data, name)).isDirectory() ? 0o700 : 0o600]);
    }
  });
});
