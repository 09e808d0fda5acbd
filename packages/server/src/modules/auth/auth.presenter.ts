import type { Text } from '../../lib/i18n/i18n.js';

/** Success messages of the auth routes (the data itself is the contract's LoginResult). */
export const AUTH_MESSAGES = {
  loggedIn: { en: 'Login successful', zh: '登录成功' },
  loggedOut: { en: 'Logged out', zh: '已退出登录' },
  tokenValid: { en: 'Token valid', zh: '令牌有效' },
  accountUpdated: { en: 'Account updated, please log in again', zh: '信息更新成功，请重新登录' },
} satisfies Record<string, Text>;
