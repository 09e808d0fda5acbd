import { ALL_PERMISSIONS, API_KEY_NAME_MAX, API_KEY_ROLES, PASTE_TITLE_MAX, splitShareBits } from '@driftbox/contract';
import { z } from 'zod';
import { sha256Hex } from '../../lib/crypto/digest.js';
import { legacySha256 } from '../../lib/crypto/password.js';
import type { SecretBox } from '../../lib/crypto/secret-box.js';
import { KEY_CONTEXT, prefixOf } from '../api-keys/api-keys.service.js';
import type { BackupRow } from './backup.tables.js';

/**
 * Row converters for backups of the original product (notes §2, §4.11): its columns in, Driftbox's
 * columns out. The output still goes through Driftbox's row schemas before anything is written.
 */

/** What converting needs: the server's key, a password hasher, who imports, and when. */
export interface LegacyContext {
  box: SecretBox;
  hashPassword(plain: string): Promise<string>;
  /** The importing admin: rows the original attributed to one of its admins become theirs. */
  adminId: string;
  /** Fallback for rows without timestamps. */
  now: string;
  /** The original's ENCRYPTION_SECRET as given at restore time (v0.8+ storage credentials), or null. */
  legacySecret: string | null;
}

/** The day of the original's "never expires" for API keys (stored as 9999-12-31T23:59:59Z). */
const NEVER_DAY = '9999-12-31';
const SQLITE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d+)?$/;
const ZONELESS_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/;

/**
 * The original mixed SQLite's `YYYY-MM-DD HH:MM:SS` (UTC) with JS ISO strings in the same columns;
 * both become Driftbox's one format. Zone-less values are UTC, as SQLite's CURRENT_TIMESTAMP is.
 */
export function normalizeLegacyTime(value: string): string | null {
  const trimmed = value.trim();
  let text = trimmed;
  if (SQLITE_TIME.test(trimmed)) text = `${trimmed.replace(' ', 'T')}Z`;
  else if (ZONELESS_ISO.test(trimmed)) text = `${trimmed}Z`;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export const Time = z.string().transform((v, ctx) => {
  const normalized = normalizeLegacyTime(v);
  if (normalized === null) ctx.addIssue({ code: 'custom', message: 'Not a timestamp' });
  return normalized ?? '';
});
/** SQLite booleans arrive as 0/1, sometimes as true/false or "1". */
export const Bool = z
  .union([z.boolean(), z.number(), z.string()])
  .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0));
export const Str = z.string();

export const LegacyPaste = z.object({
  id: Str,
  slug: Str,
  content: Str,
  remark: Str.nullish(),
  password: Str.nullish(),
  expires_at: Time.nullish(),
  max_views: z.number().int().nullish(),
  views: z.number().int().nullish(),
  title: Str.nullish(),
  is_public: Bool.nullish(),
  created_by: Str.nullish(),
  created_at: Time.nullish(),
  updated_at: Time.nullish(),
});
export const LegacyPastePassword = z.object({ paste_id: Str, plain_password: Str });
export const LegacyFile = z.object({
  id: Str,
  slug: Str,
  filename: Str,
  storage_config_id: Str.nullish(),
  s3_config_id: Str.nullish(),
  storage_path: Str,
  file_path: Str.nullish(),
  mimetype: Str.nullish(),
  size: z.number().nullish(),
  etag: Str.nullish(),
  remark: Str.nullish(),
  password: Str.nullish(),
  expires_at: Time.nullish(),
  max_views: z.number().int().nullish(),
  views: z.number().int().nullish(),
  use_proxy: Bool.nullish(),
  created_by: Str.nullish(),
  created_at: Time.nullish(),
  updated_at: Time.nullish(),
});
export const LegacyFilePassword = z.object({ file_id: Str, plain_password: Str });
export const LegacyApiKey = z.object({
  id: Str,
  name: Str,
  key: z.string().min(1).max(256),
  permissions: z.number().int().nullish(),
  role: Str.nullish(),
  basic_path: Str.nullish(),
  is_guest: Bool.nullish(),
  is_enable: Bool.nullish(),
  last_used: Time.nullish(),
  created_at: Time.nullish(),
  expires_at: Str.nullish(),
});
export const LegacySetting = z.object({
  key: Str,
  value: z.union([Str, z.number(), z.boolean()]).nullish(),
  updated_at: Time.nullish(),
});

/**
 * A paste's stored password: its plaintext copy (paste_passwords) hashed with scrypt when there is one;
 * otherwise a 64-hex SHA-256 kept in the marked legacy form (re-hashed on its first successful check);
 * any other value is a plaintext password, which the original compared as is.
 */
export async function legacyPasswordHash(
  stored: string | null | undefined,
  plain: string | undefined,
  ctx: LegacyContext,
): Promise<string | null> {
  if (!stored) return null;
  if (plain) return ctx.hashPassword(plain);
  if (/^[0-9a-f]{64}$/i.test(stored)) return legacySha256(stored);
  return ctx.hashPassword(stored);
}

/** Shares a key created stay the key's (ids are kept); those of the original's admins become the importing admin's. */
function ownerOf(createdBy: string | null | undefined, ctx: LegacyContext): string {
  return createdBy?.startsWith('apikey:') ? createdBy : ctx.adminId;
}

/** A paste row. */
export async function convertPaste(
  p: z.output<typeof LegacyPaste>,
  plain: string | undefined,
  ctx: LegacyContext,
): Promise<BackupRow> {
  const createdAt = p.created_at ?? ctx.now;
  return {
    id: p.id,
    slug: p.slug,
    content: p.content,
    remark: p.remark ?? null,
    password_hash: await legacyPasswordHash(p.password, plain, ctx),
    password_version: 0,
    expires_at: p.expires_at ?? null,
    max_views: p.max_views ?? 0,
    views: p.views ?? 0,
    // A private paste stays private; v1.x titles are kept (up to Driftbox's length).
    is_public: p.is_public ?? 1,
    title: p.title ? p.title.slice(0, PASTE_TITLE_MAX) : null,
    created_by: ownerOf(p.created_by, ctx),
    created_at: createdAt,
    updated_at: p.updated_at ?? createdAt,
  };
}

/** A file share record; its object stays where it is, in the storage config imported with the same id. */
export async function convertFile(
  f: z.output<typeof LegacyFile>,
  plain: string | undefined,
  ctx: LegacyContext,
): Promise<BackupRow> {
  const createdAt = f.created_at ?? ctx.now;
  return {
    id: f.id,
    slug: f.slug,
    filename: f.filename,
    // Before the original's v0.8.0 the column was s3_config_id.
    storage_config_id: f.storage_config_id ?? f.s3_config_id ?? '',
    storage_path: f.storage_path,
    file_path: f.file_path ?? null,
    mimetype: f.mimetype || 'application/octet-stream',
    size: Math.max(0, Math.round(f.size ?? 0)),
    etag: f.etag ?? null,
    remark: f.remark ?? null,
    password_hash: await legacyPasswordHash(f.password, plain, ctx),
    password_version: 0,
    expires_at: f.expires_at ?? null,
    max_views: f.max_views ?? 0,
    views: f.views ?? 0,
    // The original never recorded when a file was last viewed.
    last_viewed_at: null,
    use_proxy: f.use_proxy ?? 0,
    status: 'active',
    upload_id: null,
    part_size: null,
    created_by: ownerOf(f.created_by, ctx),
    created_at: createdAt,
    updated_at: f.updated_at ?? createdAt,
  };
}

/** A key's expiry: the original's 9999-12-31 is "never" (null). */
function keyExpiry(value: string | null | undefined): string | null {
  if (!value || value.startsWith(NEVER_DAY)) return null;
  // An unreadable value is passed on for the row schema to refuse; it must never become "never".
  return normalizeLegacyTime(value) ?? value;
}

/** An API key: the clear key becomes a digest and an encrypted copy; the same bits; 9999-12-31 is "never". */
export function convertApiKey(k: z.output<typeof LegacyApiKey>, ctx: LegacyContext): BackupRow {
  const createdAt = k.created_at ?? ctx.now;
  return {
    id: k.id,
    name: k.name.trim().slice(0, API_KEY_NAME_MAX),
    key_hash: sha256Hex(k.key),
    key_encrypted: ctx.box.encrypt(k.key, KEY_CONTEXT),
    key_prefix: prefixOf(k.key),
    // The bit values are the same in both products; bits Driftbox does not know are dropped. Rows with
    // `is_enable` come from v0.8.x on, where the share and manage bits were already split; older rows
    // (with `is_guest`) granted managing with the share bits.
    permissions:
      (k.is_enable === undefined || k.is_enable === null ? splitShareBits(k.permissions ?? 0) : (k.permissions ?? 0)) &
      ALL_PERMISSIONS,
    role: k.role && (API_KEY_ROLES as string[]).includes(k.role) ? k.role : 'GENERAL',
    basic_path: k.basic_path || '/',
    is_guest: k.is_guest ?? 0,
    // A disabled key stays disabled (keys of backups without the column were all usable).
    is_enable: k.is_enable ?? 1,
    expires_at: keyExpiry(k.expires_at),
    last_used: k.last_used ?? null,
    created_at: createdAt,
    updated_at: createdAt,
  };
}
