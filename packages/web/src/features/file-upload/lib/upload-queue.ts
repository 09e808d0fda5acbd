import type { ShareOptions } from '../../../lib/uploader/upload-api';
import type { UploadCallbacks } from '../../../lib/uploader/upload-context';
import { isAbort } from '../../../lib/uploader/upload-error';
import { PAUSE_REASON } from '../../../lib/uploader/upload-stop';
import { fileFingerprint } from '../../../lib/uploader/resume-store';
import {
  isActive,
  isCancellable,
  type AddOutcome,
  type HoldReason,
  type Precheck,
  type QueueEvents,
  type QueueItem,
  type RunUpload,
} from './queue-item';

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
  private readonly holds = new Set<HoldReason>();
  private running = false;

  constructor(
    private readonly run: RunUpload,
    private readonly events: QueueEvents = {},
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

  /** Not sent yet: added, or refused by a check before it started (it has no options). */
  private unstarted(item: QueueItem): boolean {
    return (item.status === 'ready' || item.status === 'error') && !this.options.has(item.id);
  }

  private checked(item: QueueItem, check: Precheck | undefined): QueueItem {
    const error = check?.(item.file) ?? null;
    return {
      ...item,
      status: error ? 'error' : 'ready',
      error: error ?? undefined,
      loaded: 0,
      speed: 0,
      resumed: undefined,
      method: undefined,
    };
  }

  /**
   * Adds files; `check` may refuse one at once (too large). A file already in the list is not added
   * twice: a failed or cancelled one is reset (checked again, to start afresh), a waiting or running one
   * is reported in `duplicates`.
   */
  add(files: readonly File[], check?: Precheck): AddOutcome {
    const outcome: AddOutcome = { added: 0, reset: 0, duplicates: [] };
    let items = this.items;
    for (const file of files) {
      const key = fileFingerprint(file);
      const existing = items.find((i) => i.status !== 'done' && fileFingerprint(i.file) === key);
      if (existing && (existing.status === 'error' || existing.status === 'cancelled')) {
        this.options.delete(existing.id);
        items = items.map((i) => (i.id === existing.id ? this.checked({ ...i, file }, check) : i));
        outcome.reset += 1;
      } else if (existing) {
        outcome.duplicates.push(file.name);
      } else {
        items = [
          ...items,
          this.checked({ id: `u${(nextId += 1)}`, file, status: 'ready', loaded: 0, speed: 0 }, check),
        ];
        outcome.added += 1;
      }
    }
    if (items !== this.items) this.setItems(items);
    return outcome;
  }

  /**
   * Checks the files not sent yet again, e.g. after another storage was chosen or the upload limit
   * arrived: a refused file may now be ready, a ready one refused.
   */
  recheck(check: Precheck): void {
    let changed = false;
    const items = this.items.map((item) => {
      if (!this.unstarted(item)) return item;
      const next = this.checked(item, check);
      if (next.status === item.status && next.error === item.error) return item;
      changed = true;
      return next;
    });
    if (changed) this.setItems(items);
  }

  /**
   * Starts every file not sent yet (ready, or refused by an earlier check) with the options
   * `optionsFor` gives it, or the error that refuses it.
   */
  start(optionsFor: (item: QueueItem) => ShareOptions | Error): void {
    this.setItems(
      this.items.map((item) => {
        if (!this.unstarted(item)) return item;
        const options = optionsFor(item);
        if (options instanceof Error) return { ...item, status: 'error', error: options };
        this.options.set(item.id, options);
        return { ...item, status: 'queued', error: undefined };
      }),
    );
    void this.pump();
  }

  /** The options a started file was sent with (e.g. the custom link the server found taken). */
  optionsOf(id: string): ShareOptions | undefined {
    return this.options.get(id);
  }

  /**
   * Stops one file: an active upload is aborted (and dropped on the server), a waiting one just stops.
   * A file completing is left alone: its share is being published (the item shows it cannot cancel).
   */
  cancel(id: string): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || !isCancellable(item)) return;
    if (isActive(item)) this.controllers.get(id)?.abort();
    else this.update(id, { status: 'cancelled', speed: 0 });
  }

  cancelAll(): void {
    for (const item of this.items) this.cancel(item.id);
  }

  /**
   * Keeps files waiting their turn from starting until `release(reason)`; a running upload goes on
   * (offline, a multipart upload that loses the network stays resumable and shows Retry).
   */
  hold(reason: HoldReason): void {
    this.holds.add(reason);
  }

  /** Lifts a hold; once none is left the waiting files start again. */
  release(reason: HoldReason): void {
    if (!this.holds.delete(reason)) return;
    void this.pump();
  }

  /**
   * The page is being left: every transfer stops without discarding resumable uploads, and the files
   * still waiting do not start behind the user's back (until `release('paused')`).
   */
  pauseAll(): void {
    this.hold('paused');
    for (const controller of this.controllers.values()) controller.abort(PAUSE_REASON);
  }

  /**
   * Queues a failed or cancelled file again with its options, or with `options` when given (a new
   * custom link after the old one was taken). A file refused before it started goes back to `ready`,
   * to be started with the form's options.
   */
  retry(id: string, options?: ShareOptions): void {
    const item = this.items.find((i) => i.id === id);
    if (!item || (item.status !== 'error' && item.status !== 'cancelled')) return;
    if (options) this.options.set(id, options);
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

  /** The file whose turn it is, unless waiting files are held. */
  private nextInLine(): QueueItem | undefined {
    return this.holds.size > 0 ? undefined : this.items.find((i) => i.status === 'queued');
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.nextInLine(); next; next = this.nextInLine()) {
        await this.runOne(next);
      }
    } finally {
      this.running = false;
    }
  }

  private async runOne(item: QueueItem): Promise<void> {
    const controller = new AbortController();
    this.controllers.set(item.id, controller);
    this.update(item.id, { status: 'starting', loaded: 0, speed: 0 });
    const callbacks: UploadCallbacks = {
      onStage: (stage, method) => {
        if (stage !== 'completed') this.update(item.id, { status: stage, method });
      },
      onProgress: ({ loaded, speed }) => this.update(item.id, { loaded, speed }),
      onResume: (done, total) => this.update(item.id, { resumed: { done, total } }),
    };
    try {
      const result = await this.run(item.file, this.options.get(item.id) ?? {}, callbacks, controller.signal);
      this.update(item.id, { status: 'done', result, loaded: item.file.size, speed: 0 });
      const done = this.items.find((i) => i.id === item.id);
      if (done) this.events.onDone?.(done);
    } catch (error) {
      if (isAbort(error) || controller.signal.aborted) return this.update(item.id, { status: 'cancelled', speed: 0 });
      this.update(item.id, { status: 'error', error, speed: 0 });
      const failed = this.items.find((i) => i.id === item.id);
      if (failed) this.events.onError?.(failed);
    } finally {
      this.controllers.delete(item.id);
    }
  }
}
