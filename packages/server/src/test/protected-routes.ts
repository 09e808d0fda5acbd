/**
 * Every /api route and who may call it. The shared security suite runs its checks over each protected
 * route, and fails when a route exists that is in neither list — so a new route cannot ship unclassified.
 */
export type Access = 'admin' | 'authenticated' | { permission: number } | { anyOf: number };

export interface ProtectedRoute {
  method: string;
  /** Hono path; `:id` is replaced by a probe id. */
  path: string;
  access: Access;
}

export const PROTECTED_ROUTES: ProtectedRoute[] = [
  { method: 'GET', path: '/api/test/admin-token', access: 'admin' },
  { method: 'POST', path: '/api/admin/change-password', access: 'admin' },
  { method: 'GET', path: '/api/test/api-key', access: 'authenticated' },
  { method: 'GET', path: '/api/admin/api-keys', access: 'admin' },
  { method: 'POST', path: '/api/admin/api-keys', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/api-keys', access: 'admin' },
  { method: 'GET', path: '/api/admin/api-keys/:id', access: 'admin' },
  { method: 'PUT', path: '/api/admin/api-keys/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/api-keys/:id', access: 'admin' },
  // Without ?group=4 (the public site group) settings are admin-only.
  { method: 'GET', path: '/api/admin/settings', access: 'admin' },
];

/** Routes anyone may call (`METHOD path`). */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/version',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  'GET /api/admin/settings',
]);
