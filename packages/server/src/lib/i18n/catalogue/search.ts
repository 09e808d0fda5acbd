import type { Area } from './area.js';

/** Search of the mounts (`/api/fs/search`): spec §8 "Search". */
export const SEARCH_MESSAGES = {
  'search.queryTooShort': {
    en: 'The search keyword must be at least {min} characters',
    zh: '搜索关键词至少需要 {min} 个字符',
  },
  'search.pathRequired': { en: 'A directory search needs a path', zh: '目录搜索需要提供路径' },
  'search.mountRequired': { en: 'A mount search needs a mount_id', zh: '挂载点搜索需要提供 mount_id' },
  'search.done': { en: 'Search completed', zh: '搜索完成' },
} as const satisfies Area<'search'>;
