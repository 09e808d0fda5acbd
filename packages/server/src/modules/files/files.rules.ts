import { formatBytes, uploadMimetype } from '@driftbox/contract';
import { AppError } from '../../lib/errors.js';
import { msg, type MessageParam } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { expiryAfter } from '../shares/share-expiry.js';
import type { GoneTexts } from '../shares/share-gone.js';
import type { FileRow } from './files.repository.js';
import { STAGING_NAME } from '../../vfs/staging.js';

const HOUR_MS = 60 * 60 * 1000;

/** Types for common extensions, for uploads that name none (curl, scripts) or only octet-stream. */
const TYPES_BY_EXTENSION: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  pdf: 'application/pdf',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  js: 'text/javascript',
  css: 'text/css',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  zip: 'application/zip',
  gz: 'application/gzip',
  tar: 'application/x-tar',
  '7z': 'application/x-7z-compressed',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  rtf: 'application/rtf',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  sql: 'application/sql',
  py: 'text/x-python',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  sh: 'application/x-sh',
};

/** The extension of a file name, lower case, without the dot ('' when none). */
export function extensionOf(filename: string): string {
  return /\.([^./]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';
}

/**
 * The type a share is stored with (spec §5): markdown extensions as text/markdown, else the declared
 * type, else one known for the extension, else application/octet-stream. Form-encoding types (what
 * `curl --data-binary` sends) say nothing about the file and are ignored.
 */
export function mimetypeFor(filename: string, declared: string | undefined): string {
  const usable =
    declared && !/^(application\/octet-stream|application\/x-www-form-urlencoded|multipart\/)/i.test(declared.trim())
      ? declared
      : undefined;
  const type = uploadMimetype(filename, usable);
  if (type !== 'application/octet-stream') return type;
  return TYPES_BY_EXTENSION[extensionOf(filename)] ?? type;
}

/** A file name made safe as the last segment of an object key (the original's rule, plus dots). */
export function safeObjectName(filename: string): string {
  // `%2e`, `%2f`… would read as an encoded dot or slash in a key, which the key rules refuse.
  const cleaned = filename
    .replace(/[<>:"|?*\\/\p{Cc}]/gu, '_')
    .replace(/%(?=2e|2f|5c|00)/gi, '_')
    .trim();
  // `.` and `..` are path segments, not names.
  return cleaned === '' || /^\.+$/.test(cleaned) ? 'file' : cleaned;
}

export interface KeyParts {
  /** The config's `default_folder` ('' = bucket root). */
  folder: string;
  /** The upload's `path` option, already normalised ('' or undefined = none). */
  path: string | undefined;
  filename: string;
  /** `file_naming_strategy`: `random_suffix` adds `-<suffix>` before the extension. */
  strategy: string;
  suffix: () => string;
}

/** The object key of a new share: folder / path / name, with a random suffix unless told to overwrite. */
export function objectKeyFor(parts: KeyParts): string {
  let name = safeObjectName(parts.filename);
  if (parts.strategy !== 'overwrite') {
    const ext = extensionOf(name);
    const base = ext ? name.slice(0, -(ext.length + 1)) : name;
    name = `${base || 'file'}-${parts.suffix()}${ext ? `.${ext}` : ''}`;
  }
  // Keys are limited to 1024 bytes; long names keep their end (the suffix and extension).
  // Whole code points: cutting a surrogate pair in half would leave a key that is not valid UTF-8.
  const chars = [...name];
  while (Buffer.byteLength(chars.join(''), 'utf8') > 200) chars.shift();
  name = chars.join('');
  return [parts.folder, parts.path, name].filter((p) => p).join('/');
}

/** The folder of staging objects, inside the config's default folder (credentials may be limited to it). */

/**
 * Where a presigned single-PUT upload writes (files.staging_path): a key of its own, never the share's
 * object, so its URL (valid until it expires) cannot replace the bytes once they were committed.
 */
export function stagingKeyFor(folder: string | null | undefined, uploadId: string): string {
  return [folder, STAGING_NAME, uploadId].filter((p) => p).join('/');
}

/** `expires_in` hours as the share rules take a lifetime: 0 or absent = never (null). */
export function lifetimeOfHours(hours: number | undefined): number | null {
  return hours === undefined || hours === 0 ? null : Math.round(hours * HOUR_MS);
}

/** `expires_in` hours from `now` as the stored expiry; 0 or absent = never (null). */
export function expiryFromHours(hours: number | undefined, now: Date): string | null {
  return expiryAfter(lifetimeOfHours(hours), now);
}

/** The words of a file share's 410 (shareGone): a file tells expired from used up when it can. */
export const FILE_GONE: GoneTexts = {
  expired: msg('files.view.expired'),
  used_up: msg('files.view.usedUp'),
  either: msg('files.view.gone'),
};

/** A size for the limit texts: `atLeast` when only a lower bound is known (the bytes streamed so far). */
function sizeText(size: number, atLeast: boolean): MessageParam {
  return atLeast ? msg('files.limit.atLeast', { size: formatBytes(size) }) : formatBytes(size);
}

/** The `{held}` of a text that has nothing to add. */
const NOTHING: Text = { en: '', zh: '' };

/** 413 for a file above the upload limit; `atLeast` when only a lower bound of its size is known (mid-stream). */
export function tooLarge(size: number, limit: number, atLeast = false): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', {
    text: msg('files.limit.tooLarge', { size: sizeText(size, atLeast), limit: formatBytes(limit) }),
  });
}

/** 413 when the storage config has too little room left (spec §8 "insufficient storage: …"). */
export function insufficientStorage(
  size: number,
  remaining: number,
  capacity: number,
  atLeast = false,
  reserved = 0,
): AppError {
  const held = reserved > 0 ? msg('files.limit.heldByUploads', { reserved: formatBytes(reserved) }) : NOTHING;
  return new AppError('PAYLOAD_TOO_LARGE', {
    text: msg('files.limit.insufficientStorage', {
      size: sizeText(size, atLeast),
      remaining: formatBytes(remaining),
      capacity: formatBytes(capacity),
      held,
    }),
  });
}

/**
 * Scopes of the links LOCAL signs for shares (PresignGetOptions.scope, PresignPutOptions.scope), which
 * the files module's guard checks before serving or storing (fileAccessGuard): a direct download link
 * names its share and password version, an upload URL its pending upload.
 */
export function directLinkScope(row: Pick<FileRow, 'id' | 'password_version'>): string {
  return `file:${row.id}:${row.password_version}`;
}

export function uploadScope(row: Pick<FileRow, 'id'>): string {
  return `upload:${row.id}`;
}

/** The share and password version of a direct link's scope, if it is one. */
export function directLinkScopeOf(scope: string): { id: string; passwordVersion: number } | undefined {
  const match = /^file:([^:]+):(\d{1,9})$/.exec(scope);
  return match ? { id: match[1] ?? '', passwordVersion: Number(match[2]) } : undefined;
}

/** The upload id of an upload scope ('' for any other scope). */
export function uploadScopeId(scope: string): string {
  return scope.startsWith('upload:') ? scope.slice('upload:'.length) : '';
}
