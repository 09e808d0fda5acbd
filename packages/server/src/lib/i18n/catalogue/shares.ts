import type { Area } from './area.js';

/** Rules every share kind follows (pastes, file shares): expiry and the 410 of a share gone. */
export const SHARE_MESSAGES = {
  'shares.expiryInPast': { en: 'Expiry must be in the future', zh: '过期时间必须晚于当前时间' },
} as const satisfies Area<'shares'>;
