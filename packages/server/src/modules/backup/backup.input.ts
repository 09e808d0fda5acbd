import {
  BACKUP_UPLOAD_LIMIT_BYTES,
  BackupRestoreBody,
  BackupRestoreMode,
  LegacyEncryptionSecret,
} from '@driftbox/contract';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../app-env.js';
import { badRequest, invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { parseWith, readBytes } from '../../http/request.js';
import { backupInvalid } from './backup.format.js';
import type { RestoreInput } from './backup.service.js';

const ModeField = z.object({
  mode: BackupRestoreMode.default('overwrite'),
  legacy_encryption_secret: LegacyEncryptionSecret,
});

/** An empty secret field (a form left blank) means no secret. */
const secretOf = (value: string | undefined) => (value ? value : undefined);

function parseFileJson(text: string): unknown {
  try {
    // Editors on Windows like to add a byte-order mark, which JSON.parse refuses.
    return JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    // Most often a truncated download: say so as a backup problem, not as a malformed request.
    throw backupInvalid(msg('backup.notJson'));
  }
}

async function fromForm(bytes: Buffer, contentType: string, queryMode: string | undefined): Promise<RestoreInput> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest(msg('backup.unreadableMultipart'));
  }
  const file = form.get('backup_file') ?? form.get('file');
  if (file === null) throw invalidField('backup_file', msg('backup.chooseFile'));
  const text = typeof file === 'string' ? file : await file.text();
  const mode = form.get('mode');
  const secret = form.get('legacy_encryption_secret');
  const parsed = parseWith(ModeField, {
    mode: typeof mode === 'string' ? mode : queryMode,
    legacy_encryption_secret: typeof secret === 'string' ? secret : undefined,
  });
  return { mode: parsed.mode, backup: parseFileJson(text), legacySecret: secretOf(parsed.legacy_encryption_secret) };
}

/**
 * The backup sent to preview or restore, up to BACKUP_UPLOAD_LIMIT_BYTES (this route only; others keep
 * the 1 MB JSON limit). Three forms: JSON `{ mode, backup, legacy_encryption_secret }`; multipart
 * `backup_file` + `mode` (+ `legacy_encryption_secret`; the original's client); or the bare file as the
 * JSON body with `?mode=` (curl --data-binary @file; no secret: it does not belong in a URL).
 */
export async function readBackupUpload(c: Context<AppEnv>): Promise<RestoreInput> {
  const contentType = c.req.header('content-type') ?? '';
  const bytes = await readBytes(c, BACKUP_UPLOAD_LIMIT_BYTES);
  if (contentType.toLowerCase().startsWith('multipart/form-data'))
    return fromForm(bytes, contentType, c.req.query('mode'));
  const body = parseFileJson(bytes.toString('utf8') || '{}');
  if (typeof body === 'object' && body !== null && 'metadata' in body && 'data' in body) {
    return { mode: parseWith(ModeField, { mode: c.req.query('mode') }).mode, backup: body };
  }
  const parsed = parseWith(BackupRestoreBody, body);
  return { mode: parsed.mode, backup: parsed.backup, legacySecret: secretOf(parsed.legacy_encryption_secret) };
}
