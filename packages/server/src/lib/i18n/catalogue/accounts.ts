import type { Area } from './area.js';

/** The admin's login and the API keys' answers. */
export const ACCOUNT_MESSAGES = {
  'auth.loggedIn': { en: 'Login successful', zh: '登录成功' },
  'auth.loggedOut': { en: 'Logged out', zh: '已退出登录' },
  'auth.tokenValid': { en: 'Token valid', zh: '令牌有效' },
  'auth.accountUpdated': { en: 'Account updated, please log in again', zh: '信息更新成功，请重新登录' },
  'apiKeys.created': { en: 'API key created', zh: 'API 密钥创建成功' },
  'apiKeys.updated': { en: 'API key updated', zh: 'API 密钥更新成功' },
  'apiKeys.deleted': { en: 'API key deleted', zh: 'API 密钥删除成功' },
  'apiKeys.keyValid': { en: 'API key valid', zh: 'API 密钥有效' },
} as const satisfies Area<'auth' | 'apiKeys'>;
