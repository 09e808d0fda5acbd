/**
 * Presigned URLs for local-disk storage. S3 gives the browser URLs it can PUT to and GET from directly;
 * for LOCAL configs Driftbox serves such URLs itself (`/api/local-storage/...`), signed with an HMAC so
 * the browser has one code path for both drivers. The signature binds the operation, config, key,
 * expiry, upload id and part number, and the response headers a GET will send, so no signed field can
 * be swapped. Links always expire (unlike the original product's proxy links).
 */
import type { Mac } from '../lib/crypto/mac.js';

export const LOCAL_STORAGE_BASE = '/api/local-storage';
const PURPOSE = 'local-storage-url';

/** What a signed URL allows. `get` downloads, `put` uploads a whole object, `part` one multipart part. */
export interface LocalGrant {
  op: 'get' | 'put' | 'part';
  configId: string;
  key: string;
  /** Unix seconds after which the URL is refused. */
  expiresAt: number;
  uploadId?: string;
  partNumber?: number;
  /** GET: the Content-Type served. PUT: the Content-Type the uploader must send. */
  contentType?: string;
  /** GET only: the Content-Disposition served. */
  contentDisposition?: string;
  /** GET and PUT: what the link is for, checked again before serving or storing (PresignGetOptions.scope, PresignPutOptions.scope). */
  scope?: string;
  /** PUT and part: the exact number of bytes the upload must have. */
  contentLength?: number;
}

export type LocalVerification = { ok: true; grant: LocalGrant } | { ok: false; reason: 'INVALID' | 'EXPIRED' };

/** The request the routes received, reduced to what verification needs. */
export interface LocalRequest {
  op: LocalGrant['op'];
  configId: string;
  query: Record<string, string | undefined>;
}

function canonical(grant: LocalGrant): string {
  // A JSON array is unambiguous: no field can bleed into the next the way a joined string could.
  return JSON.stringify([
    'v1',
    grant.op,
    grant.configId,
    grant.key,
    grant.expiresAt,
    grant.uploadId ?? '',
    grant.partNumber ?? 0,
    grant.contentType ?? '',
    grant.contentDisposition ?? '',
    grant.contentLength ?? -1,
    // Last and only when set, so the links of before scopes existed still verify.
    ...(grant.scope !== undefined ? [grant.scope] : []),
  ]);
}

/** An app-relative URL that grants exactly `grant` until it expires. */
export function signLocalUrl(mac: Mac, grant: LocalGrant): string {
  const params = new URLSearchParams({ key: grant.key, exp: String(grant.expiresAt) });
  if (grant.uploadId !== undefined) params.set('uploadId', grant.uploadId);
  if (grant.partNumber !== undefined) params.set('partNumber', String(grant.partNumber));
  if (grant.contentType !== undefined) params.set('ct', grant.contentType);
  if (grant.contentDisposition !== undefined) params.set('cd', grant.contentDisposition);
  if (grant.contentLength !== undefined) params.set('len', String(grant.contentLength));
  if (grant.scope !== undefined) params.set('scope', grant.scope);
  params.set('sig', mac.sign(PURPOSE, canonical(grant)));
  const resource = grant.op === 'part' ? 'part' : 'object';
  return `${LOCAL_STORAGE_BASE}/${encodeURIComponent(grant.configId)}/${resource}?${params.toString()}`;
}

function intParam(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  return /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * Checks a request against its signature (constant time), then its expiry. The signature is checked
 * first so EXPIRED is only ever said of a URL Driftbox really issued.
 */
export function verifyLocalRequest(mac: Mac, request: LocalRequest, nowSeconds: number): LocalVerification {
  const { key, exp, sig, uploadId, ct, cd, scope } = request.query;
  const expiresAt = intParam(exp);
  const partNumber = intParam(request.query.partNumber);
  const contentLength = intParam(request.query.len);
  if (!key || !sig || expiresAt === undefined || expiresAt === null || partNumber === null || contentLength === null)
    return { ok: false, reason: 'INVALID' };
  const grant: LocalGrant = { op: request.op, configId: request.configId, key, expiresAt };
  if (uploadId !== undefined) grant.uploadId = uploadId;
  if (partNumber !== undefined) grant.partNumber = partNumber;
  if (ct !== undefined) grant.contentType = ct;
  if (cd !== undefined) grant.contentDisposition = cd;
  if (contentLength !== undefined) grant.contentLength = contentLength;
  if (scope !== undefined) grant.scope = scope;
  if (!mac.verify(PURPOSE, canonical(grant), sig)) return { ok: false, reason: 'INVALID' };
  if (nowSeconds > expiresAt) return { ok: false, reason: 'EXPIRED' };
  return { ok: true, grant };
}
