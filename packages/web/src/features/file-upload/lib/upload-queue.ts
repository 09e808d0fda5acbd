import type { FileDetailDto } from '@driftbox/contract';
import type { ShareOptions } from '../../../lib/uploader/upload-api';
import { PAUSE_REASON, type UploadCallbacks, type UploadMethod } from '../../../lib/uploader/upload-file';
import { isAbort } from '../../../lib/uploader/upload-error';
import { fileFingerprint } from '../../../lib/uploader/resume-store';

/**
 * Status of a file in the queue: `ready` (added, not started), `queued` (started, waiting its turn),
 * the uploader's stages, then `done`, `error` or `cancelled` (spec §4 uploader states).
 */
export type ItemStatus = 'ready' | 'queued' | 'preparing' | 'uploading' | 'finalizing' | 'done' | 'error' | 'cancelled';

export interface QueueItem {
  id: string;
  file: File;
  status: ItemStatus;
  loaded: number;
  speed: number;
  method?: UploadMethod;
  /** Parts found on the server when a multipart upload was resumed. */
  resumed?: { done: number; total: number };
  error?: unknown;
  result?: FileDetailDto;
}

export type RunUpload = (file: File, options: ShareOptions, callbacks: UploadCallbacks, signal: AbortSignal) => Promise<FileDetailDto>;

const ACTIVE: readonly ItemStatus[] = ['preparing', 'uploading', 'finalizing'];

export function isActive(item: QueueItem): boolean {
  return ACTIVE.includes(item.status);
}

let nextId = 0;

/**
 * The files of the page and their uploads, one file at a time (each multipart upload already sends 3
 * parts in parallel). Framework-free; the page reads it through useSyncExternalStore.
 */
export class UploadQueue {
  private items: QueueItem[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly options = new Map<string, ShareOptions>();
  private readonly controllers = new Map<string, AbortController>();
  private running = false;

  constructor(
    private readonly run: RunUpload,
    private readonly onDone?: (item: QueueItem) => void,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): QueueItem[] => this.items;

  private update(id: string, change: Partial<QueueItem>): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, ...change } : item));
    for (const listener of this.listeners) listener();
  }

  private setItems(items: QueueItem[]): void {
    this.items = items;
    for (const listener of this.listeners) listener();
  }

  /** Adds files not already waiting in the list; `check` may refuse one at once (too large). */
  add(files: readonly File[], check?: (file: File) => Error | null): void {
    const waiting = new Set(this.items.filter((i) => i.status !== 'done').map((i) => fileFingerprint(i.file)));
    const added: QueueItem[] = [];
    for (const file of files) {
      const key = fileFingerprint(file);
      if (waiting.has(key)) continue;
      waiting.add(key);
      const error = check?.(file) ?? null;
      added.push({ id: `u${(nextId += 1)}`, file, status: error ? 'error' : 'ready', loaded: 0, speed: 0, error: error ?? undefined });
    }
    if (added.length > 0) this.setItems([...this.items, ...added]);
  }

  /** Starts every `ready` file with the options `optionsFor` gives it, or the error that refuses it. */
  start(optionsFor: (item: QueueItem) => ShareOptions | Error): void {
    this.setItems(
      this.items.map((item) => {
        if (item.status !== 'ready') return item;
        const options = optionsFor(item);
        if (options instanceof Error) return { ...item, status: 'error', error: options };
        this.options.set(item.id, options);
        return { ...item, status: 'queued', error: undefined };
      }),
    );
    void this.pump();
  }

  /** Stops one file: an active upload is aborted (and dropped on the server), a waiting one just stops. */
  cancel(id: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item) return;
    if (isActive(item)) this.controllers.get(id)?.abort();
    else if (item.status === 'queued' || item.status === 'ready') this.update(id, { status: 'cancelled', speed: 0 });
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.id);
  }

  /** Stops every transfer without discarding resumable uploads (the page is being left). */
  pauseAll(): void {
    for (const controller of this.controllers.values()) controller.abort(PAUSE_REASON);
  }

  /**
   * Queues a failed or cancelled file again with its options (a multipart upload resumes). A file
   * refused before it started goes back to `ready`, to be started with the form's options.
   */
  retry(id: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || (item.status !== 'error' && item.status !== 'cancelled')) return;
    if (!this.options.has(id)) return this.update(id, { status: 'ready', error: undefined, loaded: 0 });
    this.update(id, { status: 'queued', error: undefined, loaded: 0, speed: 0, resumed: undefined });
    void this.pump();
  }

  remove(id: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || isActive(item)) return;
    this.options.delete(id);
    this.setItems(this.items.filter((i) => i.id !== id));
  }

  /** Removes finished and cancelled files from the list. */
  clearFinished(): void {
    this.setItems(this.items.filter((i) => i.status !== 'done' && i.status !== 'cancelled'));
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.items.find((i) => i.status === 'queued'); next; next = this.items.find((i) => i.status === 'queued')) {
        await this.runOne(next);
      }
    } finally {
      this.running = false;
    }
  }

  private async runOne(item: QueueItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.update(item.id, { status: 'preparing', loaded: 0, speed: 0 });
    const callbacks: UploadCallbacks = {
      onStage: (stage, method) => {
        if (stage !== 'done') this.update(item.id, { status: stage, method });
      },
      onProgress: ({ loaded, speed }) => this.update(item.id, { loaded, speed }),
      onResume: (done, total) => this.update(item.id, { resumed: { done, total } }),
    };
    try {
      const result = await this.run(item.file, this.options.get(item.id) ?? {}, callbacks, controller.signal);
      this.update(item.id, { status: 'done', result, loaded: item.file.size, speed: 0 });
      const done = this.items.find((i) => i.id === item.id);
      if (done) this.onDone?.(done);
    } catch (error) {
      this.update(item.id, isAbort(error) || controller.signal.aborted ? { status: 'cancelled', speed: 0 } : { status: 'error', error, speed: 0 });
    } finally {
      this.controllers.delete(item.id);
    }
  }
}
