import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { expect } from 'vitest';
import { isStorageError, type StorageErrorCode } from './errors.js';
import type { ObjectStore } from './object-store.js';

/** What the parts of the object-store suite share: the fixture, its store, fresh keys, and byte helpers. */

export interface StoreFixture {
  store: ObjectStore;
  /** Sends a request to a presigned URL (app-relative URLs go to the fixture's own server). */
  fetchPresigned(url: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
}

/** The suite as its parts see it: the fixture and its store (opened in the suite's beforeAll), fresh keys, small puts. */
export interface SuiteContext {
  fx: StoreFixture;
  store: ObjectStore;
  /** A fresh key namespace per test, so tests never see each other's objects. */
  ns(): string;
  putText(key: string, text: string | Buffer): ReturnType<ObjectStore['put']>;
}

export const MiB = 1024 * 1024;

/** A body streamed in 64 KiB random chunks whose SHA-256 is known once it has been read. */
export function streamedBody(size: number): { stream: Readable; sha256: () => string } {
  const hash = createHash('sha256');
  function* chunks() {
    for (let sent = 0; sent < size;) {
      const chunk = randomBytes(Math.min(64 * 1024, size - sent));
      hash.update(chunk);
      sent += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(chunks()), sha256: () => hash.digest('hex') };
}

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export async function expectStorageError(promise: Promise<unknown>, code: StorageErrorCode): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isStorageError(err, code), `expected StorageError ${code}, got ${String(err)}`).toBe(true);
}
