import type { TFunction } from 'i18next';
import type { QueueFailure } from '../../lib/offline/queue-types';

/** Why the server refused a queued write, in words that say what to do next. */
export function queueFailureText(t: TFunction, error: QueueFailure): string {
  if (error.status === 401) return t('pwa.queue.authExpired');
  if (error.status === 409) return t('pwa.queue.slugTaken');
  if (error.status === 413) return t('pwa.queue.tooLarge');
  return error.message || error.code;
}
