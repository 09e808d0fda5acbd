import type { FileDetailDto } from '@driftbox/contract';
import type { ShareOptions } from '../../../lib/uploader/upload-api';
import type { UploadCallbacks, UploadMethod, UploadStage } from '../../../lib/uploader/upload-context';
import { PrecheckError } from './prechecks';

/**
 * Status of a file in the queue: `ready` (added, not started), `queued` (started, waiting its turn),
 * the uploader's stages (spec §4), then `done`, `error` or `cancelled` (spec §4 uploader states).
 */
export type ItemStatus = 'ready' | 'queued' | Exclude<UploadStage, 'completed'> | 'done' | 'error' | 'cancelled';

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

export type RunUpload = (
  file: File,
  options: ShareOptions,
  callbacks: UploadCallbacks,
  signal: AbortSignal,
) => Promise<FileDetailDto>;

const ACTIVE: readonly ItemStatus[] = ['starting', 'initializing', 'uploading', 'processing', 'completing'];

export function isActive(item: QueueItem): boolean {
  return ACTIVE.includes(item.status);
}

/** A file a check refused before anything was sent (too large, no room): it was never tried. */
export function isRefused(item: QueueItem): boolean {
  return item.status === 'error' && item.error instanceof PrecheckError;
}

/** A file that stopped and can be sent again with Retry: cancelled, or failed on its way (not refused before it). */
export function isRetryable(item: QueueItem): boolean {
  return item.status === 'cancelled' || (item.status === 'error' && !isRefused(item));
}

/** Completing is one server call that publishes the share: too late to take back. */
export function isCancellable(item: QueueItem): boolean {
  return item.status === 'queued' || (isActive(item) && item.status !== 'completing');
}

export interface QueueEvents {
  /** A file finished: its share exists. */
  onDone?: (item: QueueItem) => void;
  /** A started file failed (not a cancel): the server may have counted or refused its bytes. */
  onError?: (item: QueueItem) => void;
}

/** What `add` did with each file, so the page can say why a file did not appear twice. */
export interface AddOutcome {
  added: number;
  /** Failed or cancelled files added again: reset to be checked and started afresh. */
  reset: number;
  /** Names of files already waiting or uploading: left as they are. */
  duplicates: string[];
}

/** A check run before a file may start (upload limit, free space); an Error refuses it. */
export type Precheck = (file: File) => Error | null;

/** Why files waiting their turn may not start now: the page was left, or the browser is offline. */
export type HoldReason = 'paused' | 'offline';
