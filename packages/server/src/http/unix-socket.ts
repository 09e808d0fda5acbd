/**
 * Listening on a Unix socket (`SOCKET_PATH`), for a reverse proxy on the same machine: no TCP stack
 * between the proxy and Driftbox, and access governed by file permissions rather than an open port.
 */
import { chmod, lstat, unlink } from 'node:fs/promises';
import { connect, type Server } from 'node:net';
import { markProxyConnections } from './client-ip.js';

/** Owner and group may connect (a proxy user in Driftbox's group); nobody else. */
const SOCKET_MODE = 0o660;

/** Why the socket path cannot be used; thrown before listening, so the server exits with the reason. */
export class SocketPathError extends Error {
  override name = 'SocketPathError';
}

/** True when something accepts connections on the socket at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = connect({ path });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/**
 * Clears the way for a new socket at `path`: a socket left by a process that is gone (a crash or a
 * kill leaves the file behind) is removed; a live one, or any file that is not a socket, is refused.
 */
export async function clearStaleSocket(path: string): Promise<void> {
  const stats = await lstat(path).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (stats === null) return;
  if (!stats.isSocket()) throw new SocketPathError(`${path} exists and is not a socket; refusing to replace it`);
  if (await answers(path)) throw new SocketPathError(`${path} is in use by another running server`);
  await unlink(path);
}

/** Listens on `path` (after clearing a stale socket) and restricts it to owner and group. */
export async function listenOnSocket(server: Server, path: string): Promise<void> {
  await clearStaleSocket(path);
  // Requests over this socket come from the proxy: their X-Forwarded-For may be believed (TRUST_PROXY).
  markProxyConnections(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(path, SOCKET_MODE);
}
