import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CHUNK_BATCH_BYTES, RESPONSE_READ_AHEAD, SHARED_READ_AHEAD, chunkBatches, readAheadHeld, responseBody } from './streams.js';

const tick = () => new Promise((r) => setImmediate(r));

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
    await tick();
    expect(source.isPaused()).toBe(false);
    source.write(Buffer.alloc(RESPONSE_READ_AHEAD / 2, 2));
    await tick();
    expect(source.isPaused()).toBe(true);
    expect((await reader.read()).value?.[0]).toBe(1);
    await tick();
    expect(source.isPaused()).toBe(false);
    expect((await reader.read()).value?.[0]).toBe(2);
  });

  it('reads ahead beyond one chunk only while all bodies together hold less than the shared limit', async () => {
    const before = readAheadHeld();
    const slow = Array.from({ length: SHARED_READ_AHEAD / RESPONSE_READ_AHEAD }, () => new PassThrough());
    const streams = slow.map((source) => responseBody(source));
    for (const source of slow) source.write(Buffer.alloc(RESPONSE_READ_AHEAD));
    await tick();
    expect(readAheadHeld() - before).toBe(SHARED_READ_AHEAD);

    // Over the shared limit a body still takes its first chunk, and then waits for its reader.
    const late = new PassThrough();
    const reader = responseBody(late).getReader();
    late.write(Buffer.alloc(1024, 7));
    await tick();
    expect(late.isPaused()).toBe(true);
    const first = reader.read();
    expect((await first).value?.[0]).toBe(7);
    await tick();
    expect(late.isPaused()).toBe(false);

    // Readers that leave give their bytes back.
    await Promise.all(streams.map((stream) => stream.cancel()));
    await reader.cancel();
    expect(readAheadHeld()).toBe(before);
    expect(slow.every((source) => source.destroyed)).toBe(true);
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

/** Every batch of `source` (the chunks as they came). */
async function allBatches(source: AsyncIterable<Uint8Array>): Promise<Uint8Array[][]> {
  const batches: Uint8Array[][] = [];
  for await (const batch of chunkBatches(source)) batches.push(batch);
  return batches;
}


describe('chunkBatches', () => {
  it('hands a Readable\'s chunks on as they are, never joined into a copy', async () => {
    const source = new PassThrough();
    const chunks = [Buffer.from('one '), Buffer.from('two '), Buffer.from('three')];
    for (const chunk of chunks) source.write(chunk);
    source.end();
    const seen = (await allBatches(source)).flat();
    expect(seen).toHaveLength(3);
    seen.forEach((chunk, i) => expect(chunk).toBe(chunks[i]));
  });

  it('gathers the chunks that arrive while the consumer is busy into one batch', async () => {
    const source = new PassThrough();
    const batches = chunkBatches(source);
    source.write(Buffer.from('a'));
    expect((await batches.next()).value).toEqual([Buffer.from('a')]);
    source.write(Buffer.from('b'));
    source.write(Buffer.from('c'));
    await tick();
    expect((await batches.next()).value).toEqual([Buffer.from('b'), Buffer.from('c')]);
    source.end();
    expect((await batches.next()).done).toBe(true);
  });

  it('pauses the source once a full batch waits, and resumes it when the consumer takes it', async () => {
    const source = new PassThrough();
    const batches = chunkBatches(source);
    source.write(Buffer.alloc(1));
    await batches.next();
    source.write(Buffer.alloc(CHUNK_BATCH_BYTES / 2));
    await tick();
    expect(source.isPaused()).toBe(false);
    source.write(Buffer.alloc(CHUNK_BATCH_BYTES / 2));
    await tick();
    expect(source.isPaused()).toBe(true);
    expect(source.write(Buffer.alloc(CHUNK_BATCH_BYTES))).toBe(false); // the writer is held back
    expect((await batches.next()).value).toHaveLength(2);
    expect(source.isPaused()).toBe(false);
    source.end();
    expect((await batches.next()).value).toHaveLength(1);
    expect((await batches.next()).done).toBe(true);
  });

  it('fails with the source\'s error, and on a source closed before its end', async () => {
    const failing = new PassThrough();
    failing.write(Buffer.from('x'));
    setImmediate(() => failing.destroy(new Error('client gone')));
    await expect(allBatches(failing)).rejects.toThrow('client gone');

    const cut = new PassThrough();
    setImmediate(() => cut.destroy());
    await expect(allBatches(cut)).rejects.toMatchObject({ code: 'ERR_STREAM_PREMATURE_CLOSE' });

    const before = new PassThrough();
    before.destroy(new Error('failed early'));
    await expect(allBatches(before)).rejects.toThrow('failed early');
  });

  it('destroys the source when the consumer stops early', async () => {
    const source = new PassThrough();
    source.write(Buffer.from('x'));
    for await (const batch of chunkBatches(source)) {
      expect(batch).toHaveLength(1);
      break;
    }
    expect(source.destroyed).toBe(true);
  });

  it('takes any other iterable one chunk per batch', async () => {
    async function* generate() {
      yield Buffer.from('a');
      yield Buffer.from('b');
    }
    expect(await allBatches(generate())).toEqual([[Buffer.from('a')], [Buffer.from('b')]]);
    expect(await allBatches(Readable.from([Buffer.from('c')]))).toEqual([[Buffer.from('c')]]);
  });
});
