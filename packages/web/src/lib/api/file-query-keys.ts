/**
 * Query-key roots shared by the features that read or change file shares. Features do not import each
 * other, so a share edited on its own page refreshes the admin list (and back) through this root.
 */
export const FILES_QUERY_ROOT = ['files'] as const;
