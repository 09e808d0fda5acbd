import { PENDING_UPLOAD_IDLE_MS } from '@driftbox/contract';
import { readStorageJson, writeStorage } from '../browser-storage';
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
  /** `fileSample` of the file: another file of the same name, size and date is not this one. */
  sample?: string;
  /** Last activity (ms): the server drops uploads idle for PENDING_UPLOAD_IDLE_MS, so older entries are useless. */
  savedAt: number;
}

type Entries = Record<string, ResumeEntry>;

/** The same file picked again: same name, size and modification time. */
export function fileFingerprint(file: Pick<File, 'name' | 'size' | 'lastModified'>): string {
  return `${file.name}|${file.size}|${file.lastModified}`;
}

/** Bytes read from each end of a file for its sample. */
const SAMPLE_BYTES = 64 * 1024;

/**
 * A checksum (FNV-1a, 32 bits) of a file's first and last 64 KiB: cheap to read, and enough to tell a
 * file picked again from another one with the same name, size and date, whose parts must not be mixed
 * with these. Not a security check (pages served over plain http have no WebCrypto).
 */
export async function fileSample(file: Blob): Promise<string> {
  const head = new Uint8Array(await file.slice(0, SAMPLE_BYTES).arrayBuffer());
  const tail = new Uint8Array(await file.slice(Math.max(SAMPLE_BYTES, file.size - SAMPLE_BYTES)).arrayBuffer());
  let hash = 0x811c9dc5;
  for (const bytes of [head, tail]) {
    for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

function isEntry(value: unknown): value is ResumeEntry {
  const v = value as Partial<ResumeEntry> | null;
  return (
    !!v &&
    typeof v.fileId === 'string' &&
    typeof v.uploadId === 'string' &&
    typeof v.partCount === 'number' &&
    Array.isArray(v.parts)
  );
}

function readAll(now: number): Entries {
  const raw = readStorageJson(RESUME_STORAGE_KEY);
  if (!raw || typeof raw !== 'object') return {};
  const entries: Entries = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    if (isEntry(value) && now - value.savedAt < PENDING_UPLOAD_IDLE_MS) entries[key] = value;
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
