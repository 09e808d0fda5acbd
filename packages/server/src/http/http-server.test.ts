import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { IDLE_SOCKET_MS, inFlightRequests, tuneServer } from './http-server.js';

describe('tuneServer', () => {
  it('sets no deadline for a whole request (uploads may take hours), and closes a socket idle for five minutes', () => {
    const server = createServer();
    expect(server.requestTimeout).toBe(300_000);
    tuneServer(server);
    expect(server.requestTimeout).toBe(0);
    expect(server.timeout).toBe(IDLE_SOCKET_MS);
    expect(server.headersTimeout).toBe(60_000);
  });
});

describe('the idle limit', () => {
  it('closes a download whose socket stays quiet, but waits for the answer once a request body has all arrived', async () => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.end('done'), 300));
    });
    tuneServer(server, 100);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const call = (method: string) =>
      new Promise<string>((resolve) => {
        const req = request({ port, host: '127.0.0.1', method }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
          res.on('error', () => resolve('closed'));
        });
        req.on('error', () => resolve('closed'));
        req.end(method === 'POST' ? 'body' : undefined);
      });
    try {
      expect(await call('POST')).toBe('done');
      expect(await call('GET')).toBe('closed');
    } finally {
      server.close();
    }
  });
});

describe('inFlightRequests', () => {
  it('settles once every running handler has finished, including its clean-up', async () => {
    const inFlight = inFlightRequests();
    const app = new Hono();
    app.use(inFlight.middleware);
    let release = () => {};
    const cleaned: string[] = [];
    app.get('/slow', async (c) => {
      try {
        await new Promise<void>((resolve) => (release = resolve));
        return c.text('done');
      } finally {
        await new Promise((r) => setTimeout(r, 10));
        cleaned.push('slow');
      }
    });
    await inFlight.settled();
    const answer = app.request('/slow');
    await new Promise((r) => setTimeout(r, 5));
    expect(inFlight.count()).toBe(1);
    let settled = false;
    const waiting = inFlight.settled().then(() => (settled = true));
    await new Promise((r) => setTimeout(r, 5));
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(cleaned).toEqual(['slow']);
    expect((await answer).status).toBe(200);
  });
});
