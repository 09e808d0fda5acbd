/**
 * The LOCAL driver: objects as files under a config's folder in DATA_DIR (ARCHITECTURE §2), so uploads
 * and mounts work with no cloud account. Writes are atomic (temp file, fsync, rename); every body is
 * streamed with backpressure. Presigned URLs point at Driftbox's own `/api/local-storage` routes.
 */
import { constants } from 'node:fs';
import { copyFile, lstat, open, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../lib/clock.js';
import type { Mac } from '../lib/crypto/mac.js';
import { StorageError, objectNotFound } from './errors.js';
import { assertPartNumber, assertValidKey } from './keys.js';
import {
  etagOf,
  fileOf,
  infoOf,
  isMissing,
  layoutOf,
  pruneEmptyDirs,
  statObject,
  syncFile,
  writeAtomically,
} from './local-fs.js';
import { assertReadableWithoutLinks, assertWritableWithoutLinks } from './local-links.js';
import { hasLocalObjects, listLocal, listLocalFolder } from './local-list.js';
import { localMultipart } from './local-multipart.js';
import { sweepLocalLeftovers } from './local-sweep.js';
import { writeBody } from './local-write.js';
import { signLocalUrl, type LocalGrant } from './local-signing.js';
import type { GetResult, ObjectStore, PresignedRequest } from './object-store.js';
import { resolveRange } from './range.js';
import { toReadable } from './streams.js';

export interface LocalStoreOptions {
  configId: string;
  /** The config's folder, e.g. DATA_DIR/storage/<configId>. */
  root: string;
  mac: Mac;
  clock: Clock;
}

/**
 * Bytes per read of a download. The default 64 KiB made per-chunk overhead the limit (about a third of
 * the disk's speed in the bench, through the stream adapters of then). A slow reader holds about three
 * chunks however little it reads (one read ahead by the file stream, one queued, one in the socket's
 * buffer), so the chunk is no larger than the speed needs: 256 KiB, with responseBody's read-ahead
 * keeping a fast download near disk speed.
 */
const READ_CHUNK = 256 * 1024;

/** A store over a folder on local disk. */
export function createLocalStore(options: LocalStoreOptions): ObjectStore {
  const layout = layoutOf(path.resolve(options.root));
  const multipart = localMultipart(layout, () => options.clock.now());
  const fileFor = (key: string) => {
    assertValidKey(key);
    return fileOf(layout.objects, key);
  };
  /** The file of an object to read: never reached through a symbolic link (local-links.ts). */
  const readableFile = async (key: string) => {
    const file = fileFor(key);
    await assertReadableWithoutLinks(layout.objects, file, key);
    return file;
  };
  /** The file of an object to write: no folder on its way is a symbolic link. */
  const writableFile = async (key: string) => {
    const file = fileFor(key);
    await assertWritableWithoutLinks(layout.objects, file, key);
    return file;
  };

  function presign(
    grant: Omit<LocalGrant, 'configId' | 'expiresAt'>,
    expiresIn: number,
    headers: Record<string, string>,
  ): PresignedRequest {
    const expiresAt = Math.floor(options.clock.now().getTime() / 1000) + expiresIn;
    const url = signLocalUrl(options.mac, { ...grant, configId: options.configId, expiresAt });
    return { method: grant.op === 'get' ? 'GET' : 'PUT', url, headers, expiresAt: new Date(expiresAt * 1000) };
  }

  return {
    kind: 'LOCAL',

    async put(key, body, putOptions = {}) {
      const target = await writableFile(key);
      const source = toReadable(body);
      const stats = await writeAtomically(layout.tmp, target, async (tmpPath) => {
        const written = await writeBody(tmpPath, source);
        if (putOptions.contentLength !== undefined && written !== putOptions.contentLength) {
          throw new StorageError('BAD_DIGEST', 'The body does not have the announced length');
        }
      });
      return infoOf(key, stats);
    },

    async get(key, getOptions = {}): Promise<GetResult> {
      const file = await readableFile(key);
      // Open first and stat the handle, so size and bytes come from the same file even if it is replaced.
      const handle = await open(file, 'r').catch((err: unknown) => {
        throw isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR' ? objectNotFound(key) : err;
      });
      try {
        const stats = await handle.stat({ bigint: true });
        if (!stats.isFile()) throw objectNotFound(key);
        const info = infoOf(key, stats);
        const range = getOptions.range ? resolveRange(getOptions.range, info.size) : null;
        const body = handle.createReadStream(
          range ? { start: range.start, end: range.end, highWaterMark: READ_CHUNK } : { highWaterMark: READ_CHUNK },
        );
        const size = range ? range.end - range.start + 1 : info.size;
        return { ...info, size, totalSize: info.size, range, body, contentType: null };
      } catch (err) {
        await handle.close();
        throw err;
      }
    },

    async head(key) {
      return infoOf(key, await statObject(await readableFile(key), key));
    },

    async delete(keys) {
      const files = keys.map(fileFor);
      for (const file of files) {
        try {
          await unlink(file);
        } catch (err) {
          // A folder is not an object (Linux says EISDIR, macOS EPERM); a file the disk refuses to
          // delete (EPERM, EACCES) is a failure the caller must hear of, not a deletion.
          const code = (err as NodeJS.ErrnoException).code;
          if (isMissing(err) || code === 'EISDIR' || (code === 'EPERM' && (await isFolder(file)))) continue;
          throw err;
        }
        await pruneEmptyDirs(path.dirname(file), layout.objects);
      }
    },

    list: (listOptions = {}) => listLocal(layout.objects, listOptions),
    listFolder: (prefix) => listLocalFolder(layout.objects, prefix),
    hasObjects: (prefix) => hasLocalObjects(layout.objects, prefix),

    async copy(from, to) {
      const source = await readableFile(from);
      const target = await writableFile(to);
      await statObject(source, from);
      const stats = await writeAtomically(layout.tmp, target, async (tmpPath) => {
        // copyFile clones (reflink) or copies in the kernel: the bytes never pass through this process.
        await copyFile(source, tmpPath, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
        await syncFile(tmpPath);
      }).catch((err: unknown) => {
        throw isMissing(err) ? objectNotFound(from) : err;
      });
      return infoOf(to, stats);
    },

    async move(from, to, moveOptions = {}) {
      const source = await readableFile(from);
      const target = await writableFile(to);
      // Taken out of its key first (a rename: atomic, no bytes copied), so a write to `from` that comes
      // meanwhile makes a new file there instead of changing the one checked and moved.
      const stats = await writeAtomically(layout.tmp, target, async (held) => {
        await rename(source, held).catch((err: unknown) => {
          throw isMissing(err) || (err as NodeJS.ErrnoException).code === 'EISDIR' ? objectNotFound(from) : err;
        });
        const { ifMatch } = moveOptions;
        if (ifMatch !== undefined && etagOf(await stat(held, { bigint: true })) !== ifMatch)
          throw new StorageError('CHANGED', `"${from}" is no longer the object that was checked`);
      });
      await pruneEmptyDirs(path.dirname(source), layout.objects);
      return infoOf(to, stats);
    },

    async presignGet(key, presignOptions) {
      assertValidKey(key);
      const grant: Omit<LocalGrant, 'configId' | 'expiresAt'> = { op: 'get', key };
      if (presignOptions.contentType) grant.contentType = presignOptions.contentType;
      if (presignOptions.contentDisposition) grant.contentDisposition = presignOptions.contentDisposition;
      if (presignOptions.scope) grant.scope = presignOptions.scope;
      return presign(grant, presignOptions.expiresIn, {});
    },

    async presignPut(key, presignOptions) {
      assertValidKey(key);
      const { contentType, contentLength, scope } = presignOptions;
      return presign(
        {
          op: 'put',
          key,
          ...(contentType ? { contentType } : {}),
          ...(contentLength !== undefined ? { contentLength } : {}),
          ...(scope ? { scope } : {}),
        },
        presignOptions.expiresIn,
        contentType ? { 'Content-Type': contentType } : {},
      );
    },

    async createMultipart(key, createOptions = {}) {
      assertValidKey(key);
      return multipart.create(key, createOptions.contentType);
    },

    async presignPart(key, uploadId, partNumber, presignOptions) {
      assertValidKey(key);
      assertPartNumber(partNumber);
      const { contentLength } = presignOptions;
      return presign(
        { op: 'part', key, uploadId, partNumber, ...(contentLength !== undefined ? { contentLength } : {}) },
        presignOptions.expiresIn,
        {},
      );
    },

    async uploadPart(key, uploadId, partNumber, body, partOptions) {
      assertValidKey(key);
      return multipart.uploadPart(key, uploadId, partNumber, body, partOptions.contentLength);
    },

    async listParts(key, uploadId) {
      assertValidKey(key);
      return multipart.listParts(key, uploadId);
    },

    async completeMultipart(key, uploadId, parts) {
      return infoOf(key, await multipart.complete(key, uploadId, parts, await writableFile(key)));
    },

    async abortMultipart(key, uploadId) {
      assertValidKey(key);
      await multipart.abort(key, uploadId);
    },

    close() {},

    sweepLeftovers(before) {
      return sweepLocalLeftovers(layout, before);
    },
  };
}

async function isFolder(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => null))?.isDirectory() ?? false;
}
