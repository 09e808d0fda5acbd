import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { RESPONSE_READ_AHEAD, responseBody } from './streams.js';

describe('responseBody', () => {
  it('hands the source chunks on as they are (no copy) and closes at the end', async () => {
    const chunks = [Buffer.from('one '), Buffer.from('two')];
    const reader = responseBody(Readable.from(chunks)).getReader();
    const seen: Uint8Array[] = [];
    for (let r = await reader.read(); !r.done; r = await reader.read()) seen.push(r.value);
    expect(seen).toHaveLength(2);
    expect(seen[0]).toBe(chunks[0]);
    expect(Buffer.concat(seen).toString()).toBe('one two');
  });

  it('reads ahead up to its limit, then pauses the source until the consumer catches up', async () => {
    const source = new PassThrough();
    const reader = responseBody(source).getReader();
    source.write(Buffer.alloc(RESPONSE_READ_AHEAD / 2, 1));
    await new Promise((r) => setImmediate(r));
    expect(source.isPaused()).toBe(false);
    source.write(Buffer.alloc(RESPONSE_READ_AHEAD / 2, 2));
    await new Promise((r) => setImmediate(r));
    expect(source.isPaused()).toBe(true);
    expect((await reader.read()).value?.[0]).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(source.isPaused()).toBe(false);
    expect((await reader.read()).value?.[0]).toBe(2);
  });

  it('passes a source error on, and destroys the source when the consumer cancels', async () => {
    const failing = new PassThrough();
    const failed = responseBody(failing).getReader().read();
    failing.destroy(new Error('disk gone'));
    await expect(failed).rejects.toThrow('disk gone');

    const source = new PassThrough();
    const stream = responseBody(source);
    source.write(Buffer.from('x'));
    await stream.cancel(new Error('client left'));
    expect(source.destroyed).toBe(true);
  });
});
