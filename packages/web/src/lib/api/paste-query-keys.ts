/**
 * Query-key roots shared by the features that read or change pastes. Features do not import each
 * other, so a paste created on the home page invalidates the admin list through this root.
 */
export const PASTES_QUERY_ROOT = ['pastes'] as const;
