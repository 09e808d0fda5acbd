import { joinPath } from '@driftbox/contract';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';
import { isAbort } from '../../../lib/uploader/upload-error';
import { httpFsUploadApi } from '../api/fs-upload-api';
import { keepBothName, uploadToFolder, type FsUploadDeps } from './fs-upload-engine';
import type { PickedFile } from './picked-files';

export type FsUploadStatus =
  'queued' | 'checking' | 'conflict' | 'uploading' | 'done' | 'failed' | 'skipped' | 'cancelled';

/** Replace the file there, upload beside it as `name (1).ext`, or leave it. */
export type ConflictChoice = 'replace' | 'keep-both' | 'skip';

export interface FsUploadItem {
  id: string;
  file: File;
  /** The folder it goes into (the drop's folder plus the file's own subfolders). */
  folder: string;
  /** Its name there (changed by "keep both"). */
  name: string;
  status: FsUploadStatus;
  loaded: number;
  error?: unknown;
}

const FINISHED: ReadonlySet<FsUploadStatus> = new Set(['done', 'failed', 'skipped', 'cancelled']);
export const isFinished = (item: FsUploadItem) => FINISHED.has(item.status);

/** Uploads running at once (each multipart one sends 3 parts at a time itself). */
const CONCURRENCY = 2;

export interface FsUploadStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): readonly FsUploadItem[];
  /** Queues files into `folder` (their relative paths below it), making `emptyFolders` first. */
  add(folder: string, files: PickedFile[], emptyFolders?: string[]): void;
  resolveConflict(id: string, choice: ConflictChoice, forAll: boolean): void;
  cancel(id: string): void;
  cancelAll(): void;
  retry(id: string): void;
  clearFinished(): void;
  /** Hears of each folder that got a file or folder, to refresh its listing. */
  onChanged(listener: (folder: string) => void): () => void;
}

/** The folder a relative path's file goes into: `docs` + `a/b/c.txt` → `docs/a/b`. */
function folderOf(base: string, relativePath: string): { folder: string; name: string } {
  const parts = relativePath.split('/').filter((p) => p !== '' && p !== '.' && p !== '..');
  const name = parts.pop() ?? relativePath;
  return { folder: parts.reduce(joinPath, base), name };
}

export function createFsUploadStore(deps: FsUploadDeps & { mkdir?: (path: string) => Promise<void> }): FsUploadStore {
  let items: readonly FsUploadItem[] = [];
  let policy: ConflictChoice | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const changed = new Set<(folder: string) => void>();
  const controllers = new Map<string, AbortController>();
  const waiting = new Map<string, (choice: ConflictChoice) => void>();

  const emit = () => listeners.forEach((listener) => listener());
  const patch = (id: string, change: Partial<FsUploadItem>) => {
    items = items.map((item) => (item.id === id ? { ...item, ...change } : item));
    emit();
  };
  const find = (id: string) => items.find((item) => item.id === id);

  async function nameFor(item: FsUploadItem, signal: AbortSignal): Promise<string | null> {
    const at = (name: string) => deps.api.exists(joinPath(item.folder, name), signal);
    if (!(await at(item.name))) return item.name;
    const choice =
      policy ??
      (await new Promise<ConflictChoice>((resolve) => {
        waiting.set(item.id, resolve);
        patch(item.id, { status: 'conflict' });
      }));
    if (choice === 'skip') return null;
    if (choice === 'replace') return item.name;
    for (let n = 1; ; n += 1) {
      const candidate = keepBothName(item.name, n);
      if (!(await at(candidate))) return candidate;
    }
  }

  async function run(item: FsUploadItem) {
    const controller = new AbortController();
    controllers.set(item.id, controller);
    try {
      patch(item.id, { status: 'checking', loaded: 0, error: undefined });
      const name = await nameFor(item, controller.signal);
      if (controller.signal.aborted) return patch(item.id, { status: 'cancelled' });
      if (name === null) return patch(item.id, { status: 'skipped' });
      patch(item.id, { status: 'uploading', name });
      await uploadToFolder(
        item.file,
        { folder: item.folder, fileName: name },
        deps,
        (loaded) => patch(item.id, { loaded }),
        controller.signal,
      );
      patch(item.id, { status: 'done', loaded: item.file.size });
      changed.forEach((listener) => listener(item.folder));
    } catch (error) {
      const cancelled = controller.signal.aborted || isAbort(error);
      patch(item.id, cancelled ? { status: 'cancelled' } : { status: 'failed', error });
    } finally {
      controllers.delete(item.id);
      waiting.delete(item.id);
      pump();
    }
  }

  function pump() {
    const active = items.filter((i) => ['checking', 'conflict', 'uploading'].includes(i.status)).length;
    const next = items.filter((i) => i.status === 'queued' && !controllers.has(i.id)).slice(0, CONCURRENCY - active);
    // Claimed before the first await, so a second pump does not start them again.
    for (const item of next) controllers.set(item.id, new AbortController());
    for (const item of next) void run(item);
    // A batch whose files are all settled forgets its "for all" answer.
    if (items.every(isFinished)) policy = null;
  }

  function cancel(id: string) {
    controllers.get(id)?.abort();
    waiting.get(id)?.('skip');
    if (find(id)?.status === 'queued') patch(id, { status: 'cancelled' });
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
    add(base, files, emptyFolders = []) {
      const added = files.map(({ file, relativePath }) => ({
        id: `u${nextId++}`,
        file,
        ...folderOf(base, relativePath),
        status: 'queued' as const,
        loaded: 0,
      }));
      if (added.length === 0 && emptyFolders.length === 0) return;
      void (async () => {
        for (const folder of emptyFolders) {
          await deps.mkdir?.(folderOf(base, `${folder}/x`).folder).catch(() => undefined);
        }
        if (emptyFolders.length > 0) changed.forEach((listener) => listener(base));
      })();
      items = [...items, ...added];
      emit();
      pump();
    },
    resolveConflict(id, choice, forAll) {
      if (forAll) policy = choice;
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.(choice);
      // The others already waiting take the same answer.
      if (forAll) {
        for (const [other, waiter] of [...waiting]) {
          waiting.delete(other);
          waiter(choice);
        }
      }
    },
    cancel,
    cancelAll() {
      for (const item of items) if (!isFinished(item)) cancel(item.id);
    },
    retry(id) {
      const item = find(id);
      if (item && (item.status === 'failed' || item.status === 'cancelled')) {
        patch(id, { status: 'queued', loaded: 0, error: undefined });
        pump();
      }
    },
    clearFinished() {
      items = items.filter((item) => !isFinished(item));
      emit();
    },
    onChanged(listener) {
      changed.add(listener);
      return () => changed.delete(listener);
    },
  };
}

/** The app's one upload queue: the drop zone, the paste, the picker and the explorer's bridge all feed it. */
export const fsUploads: FsUploadStore = createFsUploadStore({
  api: httpFsUploadApi,
  mkdir: async (path) => {
    await apiRequest('/fs/mkdir', { method: 'POST', body: { path }, schema: z.unknown() });
  },
});

/** Uploads `files` into `currentPath` (the explorer's `startUpload`): plain files, or files with their relative paths. */
export function startFsUpload(currentPath: string, files: readonly (File | PickedFile)[], emptyFolders: string[] = []) {
  fsUploads.add(
    currentPath,
    files.map((f) => (f instanceof File ? { file: f, relativePath: f.name } : f)),
    emptyFolders,
  );
}
