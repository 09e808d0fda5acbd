import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearStaleSocket, listenOnSocket, SocketPathError } from './unix-socket.js';

let dir: string;
const servers: Server[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'driftbox-socket-'));
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
  rmSync(dir, { recursive: true, force: true });
});

/** A socket file left behind as by a crash: a child process listens on it and is killed (SIGKILL). */
async function staleSocket(socketPath: string): Promise<void> {
  const child = spawn(process.execPath, [
    '-e',
    `require('node:net').createServer().listen(${JSON.stringify(socketPath)}, () => console.log('up'))`,
  ]);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
}

function listening(socketPath: string): Promise<Server> {
  const server = createServer();
  servers.push(server);
  return new Promise((resolve) => server.listen(socketPath, () => resolve(server)));
}

describe('clearStaleSocket', () => {
  it('is a no-op when nothing is at the path', async () => {
    await expect(clearStaleSocket(path.join(dir, 'none.sock'))).resolves.toBeUndefined();
  });

  it('removes a socket nobody listens on any more', async () => {
    const socketPath = path.join(dir, 'stale.sock');
    await staleSocket(socketPath);
    expect(statSync(socketPath).isSocket()).toBe(true);
    await clearStaleSocket(socketPath);
    expect(existsSync(socketPath)).toBe(false);
  });

  it('refuses a socket another server answers on', async () => {
    const socketPath = path.join(dir, 'live.sock');
    await listening(socketPath);
    await expect(clearStaleSocket(socketPath)).rejects.toThrow(
      new SocketPathError(`${socketPath} is in use by another running server`),
    );
    expect(existsSync(socketPath)).toBe(true);
  });

  it('never removes a file that is not a socket', async () => {
    const filePath = path.join(dir, 'notes.txt');
    writeFileSync(filePath, 'keep me');
    await expect(clearStaleSocket(filePath)).rejects.toThrow(/exists and is not a socket/);
    expect(existsSync(filePath)).toBe(true);
  });
});

it('listenOnSocket replaces a stale socket and lets only owner and group connect', async () => {
  const socketPath = path.join(dir, 'app.sock');
  await staleSocket(socketPath);
  const server = createServer();
  servers.push(server);
  await listenOnSocket(server, socketPath);
  expect(statSync(socketPath).isSocket()).toBe(true);
  expect(statSync(socketPath).mode & 0o777).toBe(0o660);
});
