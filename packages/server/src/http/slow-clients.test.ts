import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { tuneServer } from './http-server.js';
import { guardSlowClients, type ConnectionCount, type SlowClientLimits } from './slow-clients.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let server: Server | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A real server with the guards on (as main.ts puts them), whose handler reads the whole body. */
async function start(
  limits: Partial<SlowClientLimits>,
  handler: (req: IncomingMessage, res: ServerResponse) => void = (req, res) => {
    let bytes = 0;
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.end(String(bytes)));
  },
): Promise<{ port: number; connections: ConnectionCount; aborted: () => number }> {
  let aborted = 0;
  server = createServer((req, res) => {
    req.on('error', () => (aborted += 1));
    handler(req, res);
  });
  tuneServer(server);
  const connections = guardSlowClients(server, {
    minBodyRate: 1024,
    bodyRateWindowMs: 400,
    maxConnectionsPerClient: 0,
    ...limits,
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as AddressInfo).port, connections, aborted: () => aborted };
}

/** A raw connection, and everything it received until the server closed it. */
function open(port: number, localAddress = '127.0.0.1'): { socket: Socket; closed: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => undefined);
  return { socket, closed: new Promise((resolve) => socket.on('close', () => resolve(received))) };
}

/** One request on an existing connection: resolves with its answer's first line. */
function statusLine(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    socket.once('data', (d: Buffer) => resolve(d.toString().split('\r\n')[0] ?? ''));
    socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  });
}

/** Uploads `total` bytes in chunks, waiting `gapMs` between them; resolves with status and body. */
function upload(port: number, total: number, chunk: number, gapMs: number): Promise<[number, string]> {
  return new Promise((resolve, reject) => {
    const req = request(
      { port, host: '127.0.0.1', method: 'PUT', headers: { 'content-length': String(total) } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => resolve([res.statusCode ?? 0, text]));
      },
    );
    req.on('error', reject);
    void (async () => {
      for (let sent = 0; sent < total; sent += chunk) {
        req.write(Buffer.alloc(Math.min(chunk, total - sent), 7));
        if (gapMs > 0) await sleep(gapMs);
      }
      req.end();
    })();
  });
}

describe('the minimum body rate', () => {
  it('answers a body trickled a byte at a time with 408 in the envelope, in the client language, and closes the connection', async () => {
    const { port, aborted } = await start({});
    const { socket, closed } = open(port);
    socket.write('PUT /up HTTP/1.1\r\nHost: x\r\nX-Language: zh-CN\r\nContent-Length: 100000\r\n\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('a'), 20);
    try {
      const answer = await closed;
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
      expect(answer).toContain('Connection: close');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 408,
        message: expect.stringContaining('每秒 1024 字节') as string,
        data: null,
        success: false,
        error: 'REQUEST_TIMEOUT',
      });
      // The handler still reading the body learns it was cut off (and may discard what it started).
      await sleep(50);
      expect(aborted()).toBe(1);
    } finally {
      clearInterval(trickle);
    }
  });

  it('closes the connection without an answer when the answer had already started', async () => {
    const { port } = await start({}, (req, res) => {
      res.writeHead(200);
      res.write('started');
      req.resume();
    });
    const { socket, closed } = open(port);
    socket.write('PUT /up HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n');
    expect(await closed).not.toContain('408');
  });

  it('lets uploads of several MB through over many windows, a body the server is slow to read, and a slow answer after the body', async () => {
    const { port } = await start({}, (req, res) => {
      let bytes = 0;
      const url = req.url ?? '';
      const read = () => {
        req.on('data', (chunk: Buffer) => (bytes += chunk.length));
        req.on('end', () => setTimeout(() => res.end(String(bytes)), url === '/slow-answer' ? 1_000 : 0));
      };
      // The server itself does not read for three windows: its socket is paused, not the client's fault.
      if (url === '/slow-reader') setTimeout(read, 1_200);
      else read();
    });
    expect(await upload(port, 6 * 1024 * 1024, 64 * 1024, 15)).toEqual([200, String(6 * 1024 * 1024)]);
    const options = { port, host: '127.0.0.1', method: 'PUT' };
    for (const path of ['/slow-reader', '/slow-answer']) {
      const answer = await new Promise<[number, string]>((resolve, reject) => {
        const req = request({ ...options, path }, (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => resolve([res.statusCode ?? 0, text]));
        });
        req.on('error', reject);
        req.end(Buffer.alloc(2 * 1024 * 1024));
      });
      expect(answer).toEqual([200, String(2 * 1024 * 1024)]);
    }
  });

  it('also watches a chunked body', async () => {
    const { port } = await start({});
    const { socket, closed } = open(port);
    socket.write('POST /up HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n');
    const trickle = setInterval(() => socket.writable && socket.write('1\r\na\r\n'), 50);
    try {
      expect((await closed).split('\r\n')[0]).toBe('HTTP/1.1 408 Request Timeout');
    } finally {
      clearInterval(trickle);
    }
  });

  it('is off at 0', async () => {
    const { port } = await start({ minBodyRate: 0, bodyRateWindowMs: 100 });
    const { socket, closed } = open(port);
    socket.write('PUT /up HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\n');
    await sleep(400);
    socket.end('abc');
    expect((await closed).split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
  });
});

describe('the per-client connection cap', () => {
  it('refuses connections over the cap from one address at once, counts others apart, and counts down as connections close', async () => {
    const { port, connections } = await start({ maxConnectionsPerClient: 3 }, (_req, res) => res.end('ok'));
    const held = [open(port), open(port), open(port)];
    for (const { socket } of held) expect(await statusLine(socket)).toBe('HTTP/1.1 200 OK');
    expect(connections.open('127.0.0.1')).toBe(3);

    // The fourth from 127.0.0.1 is closed before anything is read or answered.
    const refused = open(port);
    refused.socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await refused.closed).toBe('');
    expect(connections.open('127.0.0.1')).toBe(3);

    // Another address (all of 127/8 is this machine) has its own count.
    const other = open(port, '127.0.0.2');
    expect(await statusLine(other.socket)).toBe('HTTP/1.1 200 OK');
    expect(connections.open('127.0.0.2')).toBe(1);

    // One closes: room for one more from 127.0.0.1.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await sleep(50);
    expect(connections.open('127.0.0.1')).toBe(2);
    const again = open(port);
    expect(await statusLine(again.socket)).toBe('HTTP/1.1 200 OK');
    expect(connections.open('127.0.0.1')).toBe(3);

    for (const { socket } of [...held, other, again]) socket.destroy();
    await sleep(50);
    expect(connections.open('127.0.0.1')).toBe(0);
    expect(connections.open('127.0.0.2')).toBe(0);
  });
});
