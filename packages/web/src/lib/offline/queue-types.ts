/** The offline queue's entry (spec §3) and the operations that may be queued (spec §4). */
export const QUEUE_TYPES = [
  'createPaste',
  'updatePaste',
  'updateGroupSettings',
  'batchDeletePastes',
  'clearExpiredPastes',
  'clearCache',
  'verifyFilePassword',
] as const;
export type QueueType = (typeof QUEUE_TYPES)[number];

/** Operations on pastes: a sync in which one succeeds reloads the admin and management pages (spec §4). */
export const PASTE_OPERATIONS: ReadonlySet<QueueType> = new Set([
  'createPaste',
  'updatePaste',
  'batchDeletePastes',
  'clearExpiredPastes',
]);

export type QueueMethod = 'POST' | 'PUT' | 'DELETE';
export type AuthType = 'admin' | 'apikey' | 'none';

export interface QueueFailure {
  /** HTTP status; 0 when no answer came. */
  status: number;
  code: string;
  message: string;
}

export interface QueueEntry {
  id?: number;
  type: QueueType;
  /**
   * The URL the write goes to: `/api/…` on the app's own origin (the page and the worker resolve it there),
   * absolute for a backend elsewhere.
   */
  endpoint: string;
  method: QueueMethod;
  /** The JSON body, if any. */
  data?: unknown;
  /** The Authorization header value the write was made with (spec §3), or null. */
  authToken: string | null;
  authType: AuthType;
  /** X-Language at the time, so the server's messages match the page. */
  language?: string;
  timestamp: number;
  /** pending: waits for a sync; failed: refused for good, kept for the user to fix or discard. */
  status: 'pending' | 'failed';
  attempts: number;
  lastError?: QueueFailure;
}

export interface ReplayResult {
  id: number;
  type: QueueType;
  ok: boolean;
  /** The answer's `data` on success (a created paste's slug and link). */
  data?: unknown;
  error?: QueueFailure;
  /** True when the entry stays queued for another try (a network failure, 5xx, 408, 429). */
  willRetry?: boolean;
}

/** Posted by the worker to every page, and dispatched on window by an in-page replay (spec §7). */
export const SYNC_COMPLETED = 'PWA_SYNC_COMPLETED';
export const SYNC_TAG = 'sync-offline-queue';

export interface SyncCompletedMessage {
  type: typeof SYNC_COMPLETED;
  results: ReplayResult[];
  pasteOperationSucceeded: boolean;
}

/** The message of one replay's results, the same whichever side (the worker or the page) replayed. */
export function syncCompletedMessage(results: ReplayResult[]): SyncCompletedMessage {
  return {
    type: SYNC_COMPLETED,
    results,
    pasteOperationSucceeded: results.some((result) => result.ok && PASTE_OPERATIONS.has(result.type)),
  };
}
