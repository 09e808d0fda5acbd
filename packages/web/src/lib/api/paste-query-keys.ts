/**
 * Query-key roots shared by the features that read or change pastes. Features do not import each
 * other, so a paste created on the home page invalidates the admin list through this root.
 */
export const PASTES_QUERY_ROOT = ['pastes'] as const;

/** The owner's read of one paste (`GET /api/pastes/{slug}`, no view counted), by slug. */
export const ownPasteQueryKey = (slug: string) => [...PASTES_QUERY_ROOT, 'own', slug] as const;
