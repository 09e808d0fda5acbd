import { PENDING_UPLOAD_IDLE_MS } from '@driftbox/contract';
import { readStorageJson, writeStorage } from '../../../lib/browser-storage';
import type { UploadedPart } from '../../../lib/uploader/upload-parts';

/** localStorage key of the explorer's unfinished multipart uploads (the share uploader keeps its own). */
export const FS_RESUME_STORAGE_KEY = 'driftbox_fs_multipart_uploads';

/** What a reloaded page needs to continue an upload into a mount folder when the same file is added again. */
export interface FsResumeEntry {
  uploadId: string;
  folder: string;
  fileName: string;
  size: number;
  partSize: number;
  partCount: number;
  parts: UploadedPart[];
  /** `fileSample` of the file: another file of the same name, size and date is not this one. */
  sample: string;
  savedAt: number;
}

type Entries = Record<string, FsResumeEntry>;

function readAll(now: number): Entries {
  const raw = readStorageJson(FS_RESUME_STORAGE_KEY);
  if (!raw || typeof raw !== 'object') return {};
  const entries: Entries = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const entry = value as Partial<FsResumeEntry> | null;
    if (
      entry &&
      typeof entry.uploadId === 'string' &&
      typeof entry.folder === 'string' &&
      Array.isArray(entry.parts) &&
      typeof entry.savedAt === 'number' &&
      now - entry.savedAt < PENDING_UPLOAD_IDLE_MS
    )
      entries[key] = entry as FsResumeEntry;
  }
  return entries;
}

/** The key of one file going to one place: a file added to another folder is another upload. */
export function resumeKey(targetPath: string, file: Pick<File, 'size' | 'lastModified'>): string {
  return `${targetPath}|${file.size}|${file.lastModified}`;
}

export interface FsResumeStore {
  get(key: string): FsResumeEntry | undefined;
  save(key: string, entry: FsResumeEntry): void;
  remove(key: string): void;
  /** The unfinished uploads into `folder`, for the panel's "add them again to continue". */
  inFolder(folder: string): FsResumeEntry[];
}

export function createFsResumeStore(now: () => number = () => Date.now()): FsResumeStore {
  const write = (entries: Entries) => writeStorage(FS_RESUME_STORAGE_KEY, JSON.stringify(entries));
  return {
    get: (key) => readAll(now())[key],
    save(key, entry) {
      const entries = readAll(now());
      entries[key] = { ...entry, savedAt: now() };
      write(entries);
    },
    remove(key) {
      const entries = readAll(now());
      delete entries[key];
      write(entries);
    },
    inFolder: (folder) => Object.values(readAll(now())).filter((entry) => entry.folder === folder),
  };
}
