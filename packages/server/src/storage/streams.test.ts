import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_BATCH_BYTES,
  RESPONSE_READ_AHEAD,
  SHARED_READ_AHEAD,
  chunkBatches,
  readAheadHeld,
  responseBody,
} from './streams.js';

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

  const MiB = 1024 * 1024;

  /** A body over a PassThrough whose reader has shown a pace: `per100ms` bytes taken in 100 ms of a fake clock. */
  async function paced(per100ms: number) {
    const clock = { t: 0 };
    const source = new PassThrough();
    const stream = responseBody(source, () => clock.t);
    const reader = stream.getReader();
    for (const step of [0, 100]) {
      clock.t = step;
      source.write(Buffer.alloc(per100ms / 2, 9));
      await reader.read();
    }
    return { source, stream, reader };
  }

  const fill = async (source: PassThrough, chunks: number, size: number) => {
    for (let i = 0; i < chunks; i += 1) source.write(Buffer.alloc(size, i + 1));
    await tick();
  };

  it('a slow reader holds one chunk ahead, whatever is written', async () => {
    const before = readAheadHeld();
    const { source, reader } = await paced(200);
    await fill(source, 3, 64 * 1024);
    expect(source.isPaused()).toBe(true);
    expect(readAheadHeld()).toBe(before);
    expect((await reader.read()).value?.[0]).toBe(1);
    await reader.cancel();
  });

  it('a fast reader earns read-ahead up to its limit, then the source waits for it', async () => {
    const before = readAheadHeld();
    const { source, reader } = await paced(2 * MiB);
    await fill(source, 2, MiB);
    expect(source.isPaused()).toBe(false);
    await fill(source, 3, MiB);
    expect(source.isPaused()).toBe(true);
    // Four chunks held (RESPONSE_READ_AHEAD), three of them beyond the first.
    expect(readAheadHeld() - before).toBe(RESPONSE_READ_AHEAD - MiB);
    expect(source.readableLength).toBe(MiB);
    // The reader takes one: the chunk that waited moves up, and the source waits again.
    expect((await reader.read()).value?.[0]).toBe(1);
    await tick();
    expect(source.readableLength).toBe(0);
    expect(readAheadHeld() - before).toBe(RESPONSE_READ_AHEAD - MiB);
    await reader.cancel();
    expect(readAheadHeld()).toBe(before);
  });

  it('reads ahead beyond one chunk only while all bodies together hold less than the shared limit', async () => {
    const before = readAheadHeld();
    const bodies = [];
    for (let i = 0; i < 12; i += 1) {
      const body = await paced(2 * MiB);
      await fill(body.source, RESPONSE_READ_AHEAD / MiB, MiB);
      bodies.push(body);
    }
    // The chunk that crossed the limit is the last one any body reads ahead.
    expect(readAheadHeld() - before).toBeGreaterThanOrEqual(SHARED_READ_AHEAD);
    expect(readAheadHeld() - before).toBeLessThanOrEqual(SHARED_READ_AHEAD + MiB);
    const last = bodies.at(-1);
    expect(last?.source.isPaused()).toBe(true);
    expect(last?.source.readableLength).toBeGreaterThan(0);

    // Over the shared limit a new body still takes its first chunk.
    const late = new PassThrough();
    const reader = responseBody(late).getReader();
    late.write(Buffer.alloc(1024, 7));
    expect((await reader.read()).value?.[0]).toBe(7);

    // Readers that leave give their bytes back.
    await Promise.all(bodies.map((body) => body.reader.cancel()));
    await reader.cancel();
    expect(readAheadHeld()).toBe(before);
    expect(bodies.every((body) => body.source.destroyed)).toBe(true);
  });

  it('a source closed early without an error fails the body instead of leaving it open', async () => {
    const source = new PassThrough();
    const read = responseBody(source).getReader().read();
    source.destroy();
    await expect(read).rejects.toThrow(/premature close/i);
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
  it("hands a Readable's chunks on as they are, never joined into a copy", async () => {
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

  it("fails with the source's error, and on a source closed before its end", async () => {
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
