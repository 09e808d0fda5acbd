import { readFileSync } from 'node:fs';
import type { CallResult, Harness } from '../../test/harness.js';
import type { BackupFileJson } from './backup.test-support.js';

/** The ENCRYPTION_SECRET the original product ran with when it wrote the two real backups (fixtures/). */
export const ORIGINAL_SECRET = 'bk-secret-123';

/** The two real backups of the original product (v0.8.9.1 and v1.9.1), made by its own backend. */
export const ORIGINAL_VERSIONS = ['v0.8.9.1', 'v1.9.1'] as const;
export type OriginalVersion = (typeof ORIGINAL_VERSIONS)[number];

interface ExpectedKey {
  name: string;
  key: string;
  permissions: number;
  basic_path?: string;
  is_enable: number;
  id?: string;
  expires_at?: string;
}

/** What was created in the original, with the plain values a migrating user knows (fixtures/expected-*.json). */
export interface OriginalExpected {
  tag: string;
  pastes: Record<
    string,
    {
      id: string;
      slug: string;
      content: string;
      remark?: string;
      password?: string;
      title?: string;
      is_public?: boolean;
      max_views?: number;
      expires_at?: string;
      created_at: string;
      views_after_one_view?: number;
    }
  >;
  keys: Record<string, ExpectedKey>;
  extraKeys: Record<string, ExpectedKey>;
  s3: Record<'fake' | 'minio', { id: string; access_key_id: string; secret_access_key: string }>;
  mount: Record<string, unknown> & { id: string; mount_path: string; storage_config_id: string };
  settings: Record<string, string>;
}

const read = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as unknown;

export function originalBackup(version: OriginalVersion): BackupFileJson {
  return read(`original-${version}.json`) as BackupFileJson;
}

export function originalExpected(version: OriginalVersion): OriginalExpected {
  return read(`expected-${version}.json`) as OriginalExpected;
}

/** Previews or restores a real backup of the original, with its ENCRYPTION_SECRET unless told otherwise. */
export function sendOriginal(
  h: Harness,
  action: 'restore' | 'preview',
  version: OriginalVersion,
  mode: 'overwrite' | 'merge',
  secret: string | null = ORIGINAL_SECRET,
): Promise<CallResult> {
  const body: Record<string, unknown> = { mode, backup: originalBackup(version) };
  if (secret !== null) body.legacy_encryption_secret = secret;
  return h.call('POST', `/api/admin/backup/${action}`, { headers: h.actors.admin(), body });
}
