import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
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
});
