// The "files" section's HTTP client: one request over a raw socket, and the transfers it makes against
// the server (`direct`, `form`, `download`) or against the bare node:http baseline (`raw`).
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { chunks } from './bytes.mjs';

const MiB = 1024 * 1024;

/**
 * One HTTP/1.1 request over a raw socket: the body parts are written as they come (backpressure
 * honoured, 1 MiB writes), the response is read into one reused 1 MiB buffer (`onread`) and only its
 * head and first bytes are kept. Neither curl nor node:http is used as the client: on this 2-core VM
 * `curl -T` tops out near 750 MB/s over loopback and so measured itself, while this client pushes
 * 1.2–4 GB/s into a node:http server that drops the body (the "loopback ceiling" row).
 */
function request(port, { method, path, headers = {}, parts = [] }) {
  return new Promise((resolve, reject) => {
    const kept = [];
    let keptBytes = 0;
    let total = 0;
    const socket = net.connect({
      host: '127.0.0.1',
      port,
      noDelay: true,
      onread: {
        buffer: Buffer.allocUnsafe(MiB),
        callback(n, buffer) {
          total += n;
          if (keptBytes < 64 * 1024) {
            kept.push(Buffer.from(buffer.subarray(0, n)));
            keptBytes += n;
          }
        },
      },
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const head = Buffer.concat(kept);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return reject(new Error(`${method} ${path}: no response`));
      const lines = head.subarray(0, end).toString('latin1').split('\r\n');
      const field = (name) =>
        lines
          .find((l) => l.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      let text = head.subarray(end + 4).toString('utf8');
      // Small JSON answers may come chunked: one chunk-size line before the text, `0` after it.
      if (field('transfer-encoding') === 'chunked')
        text = text
          .split('\r\n')
          .filter((_, i) => i % 2 === 1)
          .join('');
      resolve({
        status: Number(lines[0].split(' ')[1]),
        bytes: total - end - 4,
        length: Number(field('content-length') ?? NaN),
        text,
      });
    });
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const head = [
      `${method} ${path} HTTP/1.1`,
      'host: 127.0.0.1',
      'connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    if (method !== 'GET') head.push(`content-length: ${length}`);
    socket.once('connect', async () => {
      try {
        socket.write(`${head.join('\r\n')}\r\n\r\n`);
        for (const part of parts)
          for (const chunk of part.chunks())
            if (!socket.write(chunk)) await new Promise((r) => socket.once('drain', r));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** A body part: its length, and its bytes as chunks (a fresh iterator per request). */
const part = (length, make) => ({ length, chunks: make });
const bytes = (buffer) => part(buffer.length, () => [buffer]);
const file = (size) => part(size, () => chunks(size));

/** A multipart/form-data body around the file bytes, as a browser sends it. */
function formParts(size) {
  const boundary = `----driftbox-bench-${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="use_proxy"\r\n\r\n1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-form.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { type: `multipart/form-data; boundary=${boundary}`, parts: [bytes(head), file(size), bytes(tail)] };
}

/**
 * The transfers of `size` bytes: against the server (`direct`, `form`, `download`) or against the bare
 * node:http baseline of files-driver.mjs (`raw('PUT' | 'GET' | 'DISCARD')`).
 */
export function client(port, auth, size) {
  return {
    direct: () =>
      request(port, {
        method: 'PUT',
        path: '/api/upload-direct/bench.bin?use_proxy=1',
        headers: auth ?? {},
        parts: [file(size)],
      }),
    form: () => {
      const form = formParts(size);
      return request(port, {
        method: 'POST',
        path: '/api/upload',
        headers: { ...auth, 'content-type': form.type },
        parts: form.parts,
      });
    },
    download: (slug) => request(port, { method: 'GET', path: `/api/file-download/${slug}` }),
    raw: (method) =>
      request(
        port,
        method === 'GET'
          ? { method, path: '/raw' }
          : { method: 'PUT', path: method === 'PUT' ? '/raw' : '/discard', parts: [file(size)] },
      ),
  };
}
