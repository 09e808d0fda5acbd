import { z } from 'zod';
import { MAX_PARTS, PAGE_SIZE, SHARE_MAX_VIEWS_MAX } from '../constants.js';
import { FOLDER_NAME_MAX_BYTES, FOLDER_NAME_TOO_LONG, normalizePath, PATH_ERROR_MESSAGES } from '../paths.js';
import { SlugOrEmpty } from '../slugs.js';
import { BulkDeleteBody } from './bulk.js';
import { DateTimeInput } from './common.js';
import {
  NewSharePassword,
  NewShareSlug,
  SHARE_PASSWORD_MAX,
  SHARE_REMARK_MAX,
  SharePasswordBody,
  ShareRemark,
  shareListFields,
  utf8ByteLength,
} from './shares.js';

/**
 * File shares (spec §3 "File share", §7 "Files"). Wire names follow the original product (snake_case),
 * so its clients keep working. Upload options arrive as JSON or as form/query strings, so every option
 * schema accepts both a number and its string form.
 */

export const FILENAME_MAX = 255;
/** Longest share lifetime in hours (10 years). */
export const FILE_EXPIRES_IN_MAX_HOURS = 87_600;
export const FILE_LIST_LIMIT_MAX = 200;
/** How long an access token for a file's view/download links stays valid after a counted view. */
export const FILE_ACCESS_TOKEN_TTL_MS = 60 * 60 * 1000;
/** Header (or `?token=`) carrying a file access token. */
export const FILE_TOKEN_HEADER = 'X-File-Token';
/** The longest an upload URL (presigned PUT, part) lives. */
export const PENDING_UPLOAD_TTL_MS = 60 * 60 * 1000;
/**
 * How long a transfer started with an upload URL just before it expired may still run: storage checks
 * the expiry when a request starts, not when it ends.
 */
export const IN_FLIGHT_GRACE_MS = 60 * 60 * 1000;
/** A pending upload idle this long (its URLs' life plus the grace) is abandoned and cleaned up. */
export const PENDING_UPLOAD_IDLE_MS = PENDING_UPLOAD_TTL_MS + IN_FLIGHT_GRACE_MS;
/** Extensions stored as text/markdown whatever the browser says (spec §5). */
export const MARKDOWN_EXTENSIONS = ['md', 'markdown', 'mdown', 'mkd', 'mdwn', 'mdtxt', 'mdtext', 'rmd'] as const;
export const FILE_DELETE_MODES = ['both', 'record_only'] as const;
export type FileDeleteMode = (typeof FILE_DELETE_MODES)[number];

/**
 * A declared MIME type reduced to what may be stored and sent back as `Content-Type`: the bare
 * `type/subtype` in lower case, plus a `charset` when it is a plain token. Every other parameter is
 * dropped: browsers read `a/b;,text/html` as HTML, and a control character would break the header.
 * Null when there is no valid type.
 */
export function normalizeMimetype(declared: string | null | undefined): string | null {
  const [essence = '', ...params] = (declared ?? '').split(';');
  const type = essence.trim().toLowerCase();
  if (!/^[a-z0-9][\w.+-]*\/[a-z0-9][\w.+-]*$/.test(type)) return null;
  const charset = params.map((p) => /^\s*charset\s*=\s*"?([\w.:-]{1,40})"?\s*$/i.exec(p)?.[1]).find((c) => c);
  return charset ? `${type}; charset=${charset.toLowerCase()}` : type;
}

/** The MIME type an upload is stored with: markdown by extension, else the declared type, else octet-stream. */
export function uploadMimetype(filename: string, declared?: string | null): string {
  const ext = /\.([^./]+)$/.exec(filename)?.[1]?.toLowerCase();
  if (ext && (MARKDOWN_EXTENSIONS as readonly string[]).includes(ext)) return 'text/markdown';
  return normalizeMimetype(declared) ?? 'application/octet-stream';
}

/** An optional string field where `''` means absent (forms send every field). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : undefined));

/**
 * A non-negative number given as a JSON number or a numeric string; `''`/null = absent. A negative or
 * fractional string is read as a number first, so `max_views=-3` is told it is too small, not "not a number".
 */
function numberish(max: number, int: boolean) {
  const nonNegative = z.number().min(0, 'Must be 0 or more').max(max);
  const base = int ? nonNegative.int('Must be a whole number') : nonNegative;
  return z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$|^$/, 'Must be a number'),
      z.null(),
    ])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)))
    .pipe(base.optional());
}

/** A boolean as JSON, `0`/`1`, or the strings `true`/`false`/`0`/`1`. */
export const Flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => v === true || v === 1 || v === 'true' || v === '1');

/**
 * upload-direct's `original_filename` (the original's option): `true` stores the object under the file's
 * own name (the overwrite naming strategy), `false` adds a random suffix; absent, the naming setting decides.
 */
export const DirectUploadNaming = z.object({ original_filename: Flag.optional() });

/** A storage sub-folder for the object key (`reports/2026`), stored without outer slashes. */
export const StorageSubPath = z
  .string()
  .trim()
  .max(512)
  .nullish()
  .transform((v, ctx) => {
    if (!v || v === '/') return undefined;
    const result = normalizePath('/' + v.replace(/^\/+/, ''));
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: PATH_ERROR_MESSAGES[result.reason] });
      return z.NEVER;
    }
    // A disk refuses longer names (local storage); S3 would take them, the same rule keeps both alike.
    if (result.path.split('/').some((segment) => utf8ByteLength(segment) > FOLDER_NAME_MAX_BYTES)) {
      ctx.addIssue({ code: 'custom', message: FOLDER_NAME_TOO_LONG });
      return z.NEVER;
    }
    return result.path === '/' ? undefined : result.path.slice(1);
  });

/** A file name as uploaded: no path separators, no control characters. */
export const Filename = z
  .string()
  .trim()
  .min(1)
  .max(FILENAME_MAX)
  .refine((v) => !/[/\\\p{Cc}]/u.test(v) && v !== '.' && v !== '..', 'Invalid file name');

/** The longest extension `shareableFilename` keeps when it shortens a name. */
const KEPT_EXTENSION_MAX = 16;

/**
 * A name `Filename` accepts, made from a file's own, so the browser never has a file refused for its
 * name: a backslash (legal in Linux and macOS names, a separator to Windows and to object keys), a slash
 * or a control character becomes "_", and a name longer than FILENAME_MAX is shortened before its
 * extension (whole characters, never half of one).
 */
export function shareableFilename(name: string): string {
  let safe = name.replace(/[/\\\p{Cc}]/gu, '_').trim();
  if (safe === '' || safe === '.' || safe === '..') safe = 'file';
  if (safe.length <= FILENAME_MAX) return safe;
  const dot = safe.lastIndexOf('.');
  const extension = dot > 0 && safe.length - dot <= KEPT_EXTENSION_MAX ? safe.slice(dot) : '';
  let stem = '';
  // By code point, so a character outside the BMP is kept whole or left out.
  for (const char of safe.slice(0, safe.length - extension.length)) {
    if (stem.length + char.length + extension.length > FILENAME_MAX) break;
    stem += char;
  }
  return stem.trimEnd() + extension;
}

/**
 * Share options common to every way of uploading (form fields, JSON bodies, upload-direct query).
 * `expires_in` is in hours (0 = never); `max_views` 0 = unlimited; an empty password means none.
 */
export const FileShareOptions = z.object({
  s3_config_id: optionalText(128),
  slug: NewShareSlug,
  path: StorageSubPath,
  remark: optionalText(SHARE_REMARK_MAX),
  password: NewSharePassword,
  expires_in: numberish(FILE_EXPIRES_IN_MAX_HOURS, false),
  max_views: numberish(SHARE_MAX_VIEWS_MAX, true),
  use_proxy: Flag.nullish().transform((v) => v ?? undefined),
});
export type FileShareOptions = z.input<typeof FileShareOptions>;

/** `POST /api/s3/presign`: a share whose bytes the browser PUTs straight to storage. */
export const FilePresignBody = FileShareOptions.extend({
  filename: Filename,
  mimetype: optionalText(255),
  /** Declared size; the server checks it now and the real size (from storage) at commit. */
  size: numberish(Number.MAX_SAFE_INTEGER, true),
});
export type FilePresignBody = z.input<typeof FilePresignBody>;

/** `POST /api/s3/commit`: the browser's PUT finished; the server checks the object and publishes the share. */
export const FileCommitBody = z.object({
  file_id: z.string().trim().min(1).max(128),
  etag: optionalText(256),
});
export type FileCommitBody = z.input<typeof FileCommitBody>;

/** `POST /api/upload/multipart/init`: a resumable upload in parts of `partSize` bytes. */
export const MultipartInitBody = FileShareOptions.extend({
  filename: Filename,
  mimetype: optionalText(255),
  size: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  partSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(5 * 1024 ** 3),
  partCount: z.coerce.number().int().min(1).max(MAX_PARTS),
});
export type MultipartInitBody = z.input<typeof MultipartInitBody>;

/** A body naming one upload of the caller (`list-parts`, `abort`, `url/cancel`). */
export const FileIdBody = z.object({ file_id: z.string().trim().min(1).max(128), upload_id: optionalText(1024) });
export type FileIdBody = z.input<typeof FileIdBody>;

const PartNumber = z.coerce.number().int().min(1).max(MAX_PARTS);

/** `POST /api/upload/multipart/refresh-urls`: new URLs for parts whose URLs expired. */
export const MultipartRefreshBody = FileIdBody.extend({ partNumbers: z.array(PartNumber).min(1).max(MAX_PARTS) });
export type MultipartRefreshBody = z.input<typeof MultipartRefreshBody>;

/**
 * Share options a resumed upload publishes with: the ones in the form when the upload was continued,
 * which replace those it was started with. Storage and folder cannot change (the parts are stored);
 * no slug keeps the upload's own link.
 */
export const ResumedShareOptions = FileShareOptions.omit({ s3_config_id: true, path: true });
export type ResumedShareOptions = z.input<typeof ResumedShareOptions>;

/**
 * `POST /api/upload/multipart/complete`: every part with the ETag its upload answered (required, spec §5);
 * `options`, when present, replace the share options given at init (a resumed upload, see above).
 */
export const MultipartCompleteBody = FileIdBody.extend({
  parts: z
    .array(
      z.object({
        PartNumber,
        ETag: z
          .string({ error: 'ETag is required for every part' })
          .trim()
          .min(1, 'ETag is required for every part')
          .max(256),
      }),
    )
    .min(1)
    .max(MAX_PARTS),
  options: ResumedShareOptions.optional(),
});
export type MultipartCompleteBody = z.input<typeof MultipartCompleteBody>;

/** `GET /api/files`: newest first; `search` (≥ 2 characters) matches filename, slug and remark. */
export const FileListQuery = z.object(
  shareListFields({ limitMax: FILE_LIST_LIMIT_MAX, defaultLimit: PAGE_SIZE.files, searchMax: 200 }),
);
export type FileListQuery = z.input<typeof FileListQuery>;

/**
 * `PUT /api/files/{id}`: any subset. `password: ''` or `clear_password: true` removes the password;
 * `expires_in` (hours, 0 = never) or `expires_at` (ISO, null = never); views restart when `max_views` changes.
 */
export const FileUpdateBody = z
  .object({
    remark: ShareRemark,
    // The original's edit form sends null for an unchanged or emptied field: null keeps the slug ('' asks a new one).
    slug: SlugOrEmpty.nullish().transform((v) => (v === null ? undefined : v)),
    expires_in: numberish(FILE_EXPIRES_IN_MAX_HOURS, false),
    expires_at: DateTimeInput.nullable().optional(),
    max_views: numberish(SHARE_MAX_VIEWS_MAX, true),
    password: z.string().max(SHARE_PASSWORD_MAX).nullish(),
    clear_password: z
      .boolean()
      .nullish()
      .transform((v) => v ?? undefined),
    use_proxy: Flag.nullish().transform((v) => v ?? undefined),
  })
  .superRefine((body, ctx) => {
    if (body.expires_in !== undefined && body.expires_at !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['expires_at'], message: 'Give either expires_in or expires_at, not both' });
    }
    if (Object.values(body).every((v) => v === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to update' });
  });
export type FileUpdateBody = z.input<typeof FileUpdateBody>;

/** `DELETE /api/files/batch-delete`: `both` also deletes the stored objects; `record_only` keeps them. */
export const FileBatchDeleteBody = BulkDeleteBody.extend({ delete_mode: z.enum(FILE_DELETE_MODES).default('both') });
export type FileBatchDeleteBody = z.input<typeof FileBatchDeleteBody>;

/** `POST /api/public/files/{slug}/verify`. */
export const FileVerifyBody = SharePasswordBody;
export type FileVerifyBody = z.infer<typeof FileVerifyBody>;
