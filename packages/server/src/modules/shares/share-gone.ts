import { SHARE_GONE_REASON_PATH, type ShareGoneReason } from '@driftbox/contract';
import type { ViewLimited } from '../../db/view-limits.js';
import { AppError } from '../../lib/errors.js';
import type { Text } from '../../lib/i18n/i18n.js';
import { isExpired } from './share-expiry.js';

/**
 * A kind's words for its 410: `either` when the reason is not told, and one per reason where the kind
 * tells it (a kind without them says `either` for both, still naming the reason in the detail).
 */
export interface GoneTexts {
  either: Text;
  expired?: Text;
  used_up?: Text;
}

/** Why `row` can no longer be read at `now`: expired (first), used up, or undefined while it is live. */
export function goneReason(row: ViewLimited, now: Date): ShareGoneReason | undefined {
  if (isExpired(row, now)) return 'expired';
  const max = row.max_views ?? 0;
  return max > 0 && row.views >= max ? 'used_up' : undefined;
}

/**
 * 410 for an expired or used-up share. Given the `reason`, the message says which and the detail at
 * SHARE_GONE_REASON_PATH names it for clients (a visitor may ask the sender for a new link); without
 * one (unknown, or a kind that does not tell), one message for both and no detail.
 */
export function shareGone(texts: GoneTexts, reason?: ShareGoneReason): AppError {
  if (reason === undefined) return new AppError('GONE', { text: texts.either });
  return new AppError('GONE', {
    text: texts[reason] ?? texts.either,
    details: [{ path: SHARE_GONE_REASON_PATH, message: reason }],
  });
}
