import { PENDING_UPLOAD_TTL_MS } from '@driftbox/contract';
import { readStorageJson, writeStorage } from '../storage';
import type { UploadedPart } from './upload-parts';

/** localStorage key holding every unfinished multipart upload of this browser. */
export const RESUME_STORAGE_KEY = 'driftbox_multipart_uploads';

/** What a reloaded page needs to continue an upload instead of starting again. */
export interface ResumeEntry {
  fileId: string;
  uploadId: string;
  /** The storage config it goes to ('' = the default one). */
  configId: string;
  /** The folder it goes to ('' = the storage's default); entries saved before it was kept have none. */
  path?: string;
  storagePath: string;
  slug: string;
  partSize: number;
  partCount: number;
  /** Parts known to be stored; the server's list-parts answer is the authority on resume. */
  parts: UploadedPart[];
  filename: string;
  size: number;
  /** Last activity (ms): the server drops uploads idle for an hour, so older entries are useless. */
  savedAt: number;
}

type Entries = Record<string, ResumeEntry>;

/** The same file picked again: same name, size and modification time. */
export function fileFingerprint(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

function isEntry(value: unknown): value is ResumeEntry {
  const v = value as Partial<ResumeEntry> | null;
  return !!v && typeof v.fileId === 'string' && typeof v.uploadId === 'string' && typeof v.partCount === 'number' && Array.isArray(v.parts);
}

function readAll(now: number): Entries {
  const raw = readStorageJson(RESUME_STORAGE_KEY);
  if (!raw || typeof raw !== 'object') return {};
  const entries: Entries = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (isEntry(value) && now - value.savedAt < PENDING_UPLOAD_TTL_MS) entries[key] = value;
  }
  return entries;
}

/** Persisted multipart state, keyed by file fingerprint. */
export interface ResumeStore {
  get(fingerprint: string): ResumeEntry | undefined;
  save(fingerprint: string, entry: ResumeEntry): void;
  remove(fingerprint: string): void;
  list(): [string, ResumeEntry][];
}

/** The localStorage-backed store; `now` is injectable for tests. */
export function createResumeStore(now: () => number = () => Date.now()): ResumeStore {
  const write = (entries: Entries) => writeStorage(RESUME_STORAGE_KEY, JSON.stringify(entries));
  return {
    get: (fingerprint) => readAll(now())[fingerprint],
    save(fingerprint, entry) {
      const entries = readAll(now());
      entries[fingerprint] = { ...entry, savedAt: now() };
      write(entries);
    },
    remove(fingerprint) {
      const entries = readAll(now());
      delete entries[fingerprint];
      write(entries);
    },
    list: () => Object.entries(readAll(now())),
  };
}
