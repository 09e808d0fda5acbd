import type { Readable } from 'node:stream';
import type { Clock } from '../../lib/clock.js';
import { AppError, forbidden } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Mac } from '../../lib/crypto/mac.js';
import { StorageError } from '../../storage/errors.js';
import { storageToAppError } from '../../storage/http-errors.js';
import { verifyLocalRequest, type LocalGrant } from '../../storage/local-signing.js';
import type { BodySource, ObjectStore } from '../../storage/object-store.js';
import { getRequested } from '../../storage/range.js';
import { downloadHeaders } from './local-storage.presenter.js';

/** What the files module says of signed URLs beyond their signature. */
export interface LocalAccessGuard {
  /**
   * Whether a signed whole-object PUT may store: issued for an upload (`scope`), only while that upload
   * is pending; without one (the storage test), never over a published share's bytes.
   */
  mayPut(configId: string, key: string, scope: string | undefined): Promise<'ok' | 'published' | 'gone'>;
  /** No share, published or pending, points at the key (what a cancelled upload stored may go). */
  unclaimed(configId: string, key: string): Promise<boolean>;
  /** A signed GET issued on behalf of `scope` (a share and its password version) may still serve. */
  mayGet(scope: string): Promise<boolean>;
}

export interface LocalStorageDeps {
  mac: Mac;
  clock: Clock;
  guard: LocalAccessGuard;
  /** The LOCAL store of a config id; throws 404 for unknown or non-LOCAL configs. */
  resolveStore(configId: string): Promise<ObjectStore>;
}

export interface DownloadRequest {
  configId: string;
  query: Record<string, string | undefined>;
  range: string | undefined;
  /** The `If-Range` header: the range is served only while it still names the stored object. */
  ifRange?: string | undefined;
  headOnly: boolean;
}

/** What the route sends: a status, headers, and a body stream unless it is a HEAD or a 416. */
export interface Download {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

export interface UploadRequest {
  configId: string;
  query: Record<string, string | undefined>;
  body: BodySource | null;
  contentLength: number | undefined;
  contentType: string | undefined;
}

/**
 * Serves the presigned URLs of LOCAL storage configs (the counterpart of S3's presigned URLs), so the
 * browser uploads and downloads the same way whichever driver a config uses. Nothing but a valid,
 * unexpired signature authorises these requests.
 */
export function createLocalStorageService(deps: LocalStorageDeps) {
  function authorize(op: LocalGrant['op'], configId: string, query: Record<string, string | undefined>): LocalGrant {
    const nowSeconds = Math.floor(deps.clock.now().getTime() / 1000);
    const result = verifyLocalRequest(deps.mac, { op, configId, query }, nowSeconds);
    if (!result.ok)
      throw result.reason === 'EXPIRED'
        ? new AppError('GONE', { text: msg('localStorage.expired') })
        : new AppError('FORBIDDEN', { text: msg('localStorage.badSignature') });
    const { grant } = result;
    // A part URL must name its upload; a whole-object URL must not.
    if ((op === 'part') !== (grant.uploadId !== undefined && grant.partNumber !== undefined))
      throw new AppError('FORBIDDEN', { text: msg('localStorage.badSignature') });
    return grant;
  }

  async function withStorageErrors<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      throw storageToAppError(err);
    }
  }

  async function download(request: DownloadRequest): Promise<Download> {
    const grant = authorize('get', request.configId, request.query);
    if (grant.scope !== undefined && !(await deps.guard.mayGet(grant.scope)))
      throw new AppError('GONE', { text: msg('localStorage.revoked') });
    const store = await deps.resolveStore(request.configId);
    if (request.headOnly) {
      const info = await withStorageErrors(() => store.head(grant.key));
      return {
        status: 200,
        headers: downloadHeaders(grant, { ...info, totalSize: info.size, range: null, contentType: null }),
        body: null,
      };
    }
    try {
      const result = await getRequested(store, grant.key, request);
      return { status: result.range ? 206 : 200, headers: downloadHeaders(grant, result), body: result.body };
    } catch (err) {
      if (!(err instanceof StorageError && err.code === 'INVALID_RANGE')) throw storageToAppError(err);
      const info = await withStorageErrors(() => store.head(grant.key));
      return { status: 416, headers: { 'Content-Range': `bytes */${info.size}` }, body: null };
    }
  }

  async function upload(op: 'put' | 'part', request: UploadRequest): Promise<{ etag: string }> {
    const grant = authorize(op, request.configId, request.query);
    // Like S3, a URL signed for one Content-Type refuses another.
    if (grant.contentType !== undefined && grant.contentType !== request.contentType) throw forbidden();
    if (!request.body) throw new AppError('BAD_REQUEST', { text: msg('localStorage.bodyRequired') });
    // Like a signed Content-Length on S3: a URL issued for N bytes stores N bytes or nothing.
    if (grant.contentLength !== undefined && request.contentLength !== grant.contentLength)
      throw new AppError('BAD_REQUEST', { text: msg('localStorage.wrongSize') });
    const store = await deps.resolveStore(request.configId);
    const body = request.body;
    if (op === 'put') {
      const verdict = await deps.guard.mayPut(request.configId, grant.key, grant.scope);
      if (verdict === 'published') throw new AppError('FORBIDDEN', { text: msg('localStorage.alreadyUsed') });
      if (verdict === 'gone') throw new AppError('GONE', { text: msg('localStorage.uploadGone') });
      const putOptions = { contentLength: request.contentLength, contentType: request.contentType };
      const stored = await withStorageErrors(() => store.put(grant.key, body, putOptions));
      // Cancelled or committed while its bytes came: what it stored (at the key the commit emptied)
      // goes too, unless a share points at the key again.
      const after =
        grant.scope === undefined ? 'ok' : await deps.guard.mayPut(request.configId, grant.key, grant.scope);
      if (after !== 'ok') {
        if (await deps.guard.unclaimed(request.configId, grant.key))
          await withStorageErrors(() => store.delete([grant.key]));
        throw after === 'gone'
          ? new AppError('GONE', { text: msg('localStorage.uploadGone') })
          : new AppError('FORBIDDEN', { text: msg('localStorage.alreadyUsed') });
      }
      return stored;
    }
    const contentLength = request.contentLength;
    if (contentLength === undefined) throw new AppError('BAD_REQUEST', { text: msg('localStorage.lengthRequired') });
    return withStorageErrors(() =>
      store.uploadPart(grant.key, grant.uploadId ?? '', grant.partNumber ?? 0, body, { contentLength }),
    );
  }

  return {
    download,
    /** PUT of a whole object through a presigned URL. */
    putObject: (request: UploadRequest) => upload('put', request),
    /** PUT of one multipart part through a presigned URL. */
    putPart: (request: UploadRequest) => upload('part', request),
  };
}
export type LocalStorageService = ReturnType<typeof createLocalStorageService>;
