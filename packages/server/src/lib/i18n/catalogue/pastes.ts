import type { Area } from './area.js';

/** Text shares: managing them and reading them by link. */
export const PASTE_MESSAGES = {
  'pastes.created': { en: 'Paste created', zh: '文本分享创建成功' },
  'pastes.updated': { en: 'Paste updated', zh: '文本分享更新成功' },
  'pastes.deleted': { en: 'Pastes deleted', zh: '文本分享已删除' },
  'pastes.cleared': { en: 'Expired pastes cleared', zh: '已清理过期的文本分享' },
  'pastes.contentTooLarge': { en: 'Content exceeds 10 MB', zh: '内容超过 10 MB' },
  'pastes.view.wrongPassword': { en: 'Wrong password', zh: '密码错误' },
  'pastes.view.passwordRequired': { en: 'This paste needs a password', zh: '该分享需要密码' },
  'pastes.view.noPassword': { en: 'This paste has no password', zh: '该分享没有设置密码' },
  'pastes.view.gone': {
    en: 'This paste has expired or reached its view limit',
    zh: '该分享已过期或已达到最大查看次数',
  },
} as const satisfies Area<'pastes'>;
