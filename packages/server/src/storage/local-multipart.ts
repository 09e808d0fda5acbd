/**
 * Multipart uploads on local disk, with S3's rules so a client that works against one driver works
 * against the other: part numbers 1-10000, parts identified by ETag, every part but the last at least
 * 5 MiB, and an upload id bound to its key. Parts live in `uploads/<id>/`; completing streams them into
 * one temp file that is renamed into place, so memory stays flat and readers never see a partial object.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { StorageError } from './errors.js';
import { assertPartNumber } from './keys.js';
import { etagOf, isMissing, writeAtomically, type LocalLayout } from './local-fs.js';
import { MIN_PART_SIZE, type BodySource, type CompletedPart, type UploadedPart } from './object-store.js';
import { writeBody } from './local-write.js';
import { toReadable } from './streams.js';

const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;
const PART_FILE = /^(\d{5})\.part$/;
const MANIFEST = 'upload.json';

interface Manifest {
  key: string;
  contentType: string | null;
  /** When the upload started, for the abandoned-upload cleanup job. */
  initiated: string;
}

function noSuchUpload(): StorageError {
  return new StorageError('UPLOAD_NOT_FOUND', 'No such multipart upload');
}

const unquote = (etag: string) => etag.replace(/^(W\/)?"|"$/g, '');

function partFileName(partNumber: number): string {
  return `${String(partNumber).padStart(5, '0')}.part`;
}

/**
 * The complete or abort running for an upload, by its folder (see complete). Kept for the process, not
 * per store: a config edited meanwhile gets a new store object over the same folder.
 */
const running = new Map<string, Promise<void>>();

/** Multipart operations over one config's folder layout. */
export function localMultipart(layout: LocalLayout, now: () => Date) {
  /** Runs `work` after whatever runs for this upload already (and before what comes later). */
  function oneAtATime<T>(uploadId: string, work: () => Promise<T>): Promise<T> {
    const slot = path.join(layout.uploads, uploadId);
    const run = (running.get(slot) ?? Promise.resolve()).then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    running.set(slot, settled);
    void settled.then(() => {
      if (running.get(slot) === settled) running.delete(slot);
    });
    return run;
  }

  async function uploadDir(key: string, uploadId: string): Promise<string> {
    // The id is checked before it touches a path, so it can never climb out of uploads/.
    if (!UPLOAD_ID.test(uploadId)) throw noSuchUpload();
    const dir = path.join(layout.uploads, uploadId);
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    } catch (err) {
      if (isMissing(err)) throw noSuchUpload();
      throw err;
    }
    if (manifest.key !== key) throw noSuchUpload();
    return dir;
  }

  async function listParts(key: string, uploadId: string): Promise<UploadedPart[]> {
    const dir = await uploadDir(key, uploadId);
    const parts: UploadedPart[] = [];
    for (const name of await readdir(dir)) {
      const match = PART_FILE.exec(name);
      if (!match) continue;
      try {
        const stats = await stat(path.join(dir, name), { bigint: true });
        parts.push({ partNumber: Number(match[1]), etag: etagOf(stats), size: Number(stats.size) });
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  function checkPartList(requested: CompletedPart[], uploaded: UploadedPart[]): UploadedPart[] {
    if (requested.length === 0) throw new StorageError('INVALID_PART', 'At least one part is required');
    const byNumber = new Map(uploaded.map((p) => [p.partNumber, p]));
    return requested.map((wanted, index) => {
      const previous = requested[index - 1];
      if (previous && wanted.partNumber <= previous.partNumber)
        throw new StorageError('INVALID_PART', 'Parts must be listed in ascending order');
      const part = byNumber.get(wanted.partNumber);
      if (!part || unquote(part.etag) !== unquote(wanted.etag))
        throw new StorageError('INVALID_PART', `Part ${wanted.partNumber} was not uploaded with that ETag`);
      if (index < requested.length - 1 && part.size < MIN_PART_SIZE)
        throw new StorageError('INVALID_PART', `Part ${wanted.partNumber} is smaller than 5 MiB`);
      return part;
    });
  }

  return {
    async create(key: string, contentType: string | undefined): Promise<string> {
      const uploadId = randomBytes(18).toString('base64url');
      const dir = path.join(layout.uploads, uploadId);
      await mkdir(dir, { recursive: true });
      const manifest: Manifest = { key, contentType: contentType ?? null, initiated: now().toISOString() };
      await writeFile(path.join(dir, MANIFEST), JSON.stringify(manifest));
      return uploadId;
    },

    async uploadPart(
      key: string,
      uploadId: string,
      partNumber: number,
      body: BodySource,
      contentLength: number,
    ): Promise<UploadedPart> {
      assertPartNumber(partNumber);
      const dir = await uploadDir(key, uploadId);
      const source = toReadable(body);
      let stats;
      try {
        stats = await writeAtomically(
          layout.tmp,
          path.join(dir, partFileName(partNumber)),
          async (tmpPath) => {
            const written = await writeBody(tmpPath, source);
            if (written !== contentLength)
              throw new StorageError('BAD_DIGEST', 'The part does not have the announced length');
          },
          false,
        );
      } catch (err) {
        // Aborted while the part was being written: its folder is gone (and must not be recreated).
        if (isMissing(err)) throw noSuchUpload();
        throw err;
      }
      return { partNumber, etag: etagOf(stats), size: Number(stats.size) };
    },

    listParts,

    /**
     * Streams the parts, in order, into the object file `target`; returns the object's stats. Completes
     * and aborts of one upload run one after another, so a second complete finds the upload gone
     * (UPLOAD_NOT_FOUND) instead of reading parts the first is removing, and an abort never removes parts
     * a complete is listing or reading (it waits, then finds the upload gone or removes it).
     */
    complete(key: string, uploadId: string, requested: CompletedPart[], target: string) {
      return oneAtATime(uploadId, async () => {
        const dir = await uploadDir(key, uploadId);
        const parts = checkPartList(requested, await listParts(key, uploadId));
        const files = parts.map((part) => path.join(dir, partFileName(part.partNumber)));
        const stats = await writeAtomically(layout.tmp, target, async (tmpPath) => {
          // One sink, the parts read one after another: backpressure holds across the whole object.
          await writeBody(
            tmpPath,
            (async function* concatenated() {
              for (const file of files) yield* createReadStream(file);
            })(),
          );
        }).catch((err: unknown) => {
          throw isMissing(err) ? noSuchUpload() : err;
        });
        await rm(dir, { recursive: true, force: true });
        return stats;
      });
    },

    abort(key: string, uploadId: string): Promise<void> {
      return oneAtATime(uploadId, async () => {
        try {
          await rm(await uploadDir(key, uploadId), { recursive: true, force: true });
        } catch (err) {
          if (!(err instanceof StorageError && err.code === 'UPLOAD_NOT_FOUND')) throw err;
        }
      });
    },
  };
}
