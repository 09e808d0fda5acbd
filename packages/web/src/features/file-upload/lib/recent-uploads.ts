import { RECENT_UPLOADS } from '@driftbox/contract';
import { readStorageJson, writeStorage } from '../../../lib/browser-storage';

export const RECENT_UPLOADS_KEY = 'driftbox_recent_uploads';

/** What the "recent uploads" list shows of a finished upload (spec §9: the last 3). */
export interface RecentUpload {
  slug: string;
  filename: string;
  size: number;
  url: string;
  uploadedAt: string;
}

function isRecent(value: unknown): value is RecentUpload {
  const v = value as Partial<RecentUpload> | null;
  return (
    !!v &&
    typeof v.slug === 'string' &&
    typeof v.filename === 'string' &&
    typeof v.url === 'string' &&
    typeof v.size === 'number'
  );
}

export function readRecentUploads(): RecentUpload[] {
  const raw = readStorageJson(RECENT_UPLOADS_KEY);
  return Array.isArray(raw) ? raw.filter(isRecent).slice(0, RECENT_UPLOADS) : [];
}

/** Puts `upload` first, drops an older entry of the same slug, keeps the newest 3. */
export function addRecentUpload(upload: RecentUpload): RecentUpload[] {
  const next = [upload, ...readRecentUploads().filter((u) => u.slug !== upload.slug)].slice(0, RECENT_UPLOADS);
  writeStorage(RECENT_UPLOADS_KEY, JSON.stringify(next));
  return next;
}

export function clearRecentUploads(): void {
  writeStorage(RECENT_UPLOADS_KEY, '[]');
}
