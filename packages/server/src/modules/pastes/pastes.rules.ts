import { SHARE_EXPIRY_MS, type ShareExpiry } from '@driftbox/contract';
import { addMs, iso } from '../../lib/clock.js';
import { AppError, invalidField } from '../../lib/errors.js';

// Ownership and slug rules are shared with file shares (lib/shares/share-rules.ts).
export { creatorOf, scopeOf, withSlug } from '../../lib/shares/share-rules.js';

/**
 * The stored expiry for a preset or an absolute time: undefined when neither was given, null for
 * never. Absolute times must lie in the future (the original stored whatever the client sent).
 */
export function resolveExpiry(
  body: { expiry?: ShareExpiry; expiresAt?: string | null },
  now: Date,
): string | null | undefined {
  if (body.expiry !== undefined) {
    const ms = SHARE_EXPIRY_MS[body.expiry];
    return ms === null ? null : iso(addMs(now, ms));
  }
  if (body.expiresAt === undefined || body.expiresAt === null) return body.expiresAt;
  const at = new Date(body.expiresAt);
  if (at.getTime() <= now.getTime()) {
    throw invalidField('expiresAt', { en: 'Expiry must be in the future', zh: '过期时间必须晚于当前时间' });
  }
  return iso(at);
}

/** True while the paste may be read: not expired, views left (the shared rule of db/view-limits.ts). */
export { isLive } from '../../db/view-limits.js';

/** 410 for an expired or used-up paste. */
export function gone(): AppError {
  return new AppError('GONE', {
    text: { en: 'This paste has expired or reached its view limit', zh: '该分享已过期或已达到最大查看次数' },
  });
}
