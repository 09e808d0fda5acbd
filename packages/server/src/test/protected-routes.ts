import { MOUNT_PERMISSIONS, Permission } from '@driftbox/contract';

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
  // Pastes: admins manage all, keys with TEXT only their own (others' answer 404).
  { method: 'POST', path: '/api/paste', access: { permission: Permission.TEXT } },
  { method: 'GET', path: '/api/pastes', access: { permission: Permission.TEXT_MANAGE } },
  { method: 'DELETE', path: '/api/pastes/batch-delete', access: { permission: Permission.TEXT_MANAGE } },
  { method: 'POST', path: '/api/pastes/clear-expired', access: { permission: Permission.TEXT_MANAGE } },
  { method: 'GET', path: '/api/pastes/:id', access: { permission: Permission.TEXT_MANAGE } },
  { method: 'PUT', path: '/api/pastes/:id', access: { permission: Permission.TEXT_MANAGE } },
  // Without ?group=4 (the public site group) settings are admin-only.
  { method: 'GET', path: '/api/admin/settings', access: 'admin' },
  { method: 'GET', path: '/api/admin/settings/groups', access: 'admin' },
  { method: 'GET', path: '/api/admin/settings/metadata', access: 'admin' },
  { method: 'PUT', path: '/api/admin/settings/group/:group', access: 'admin' },
  // Storage configs: keys with FILE_SHARE may read those marked usable by keys (never credentials).
  { method: 'GET', path: '/api/s3-configs', access: { permission: Permission.FILE_SHARE } },
  { method: 'GET', path: '/api/s3-configs/:id', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/s3-configs', access: 'admin' },
  { method: 'PUT', path: '/api/s3-configs/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/s3-configs/:id', access: 'admin' },
  { method: 'PUT', path: '/api/s3-configs/:id/set-default', access: 'admin' },
  { method: 'POST', path: '/api/s3-configs/:id/test', access: 'admin' },
  // Mounts: only admins manage them (a key is told so); a key with any mount bit lists those it may see.
  { method: 'GET', path: '/api/admin/mounts', access: 'admin' },
  { method: 'POST', path: '/api/admin/mounts', access: 'admin' },
  { method: 'GET', path: '/api/admin/mounts/:id', access: 'admin' },
  { method: 'PUT', path: '/api/admin/mounts/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/mounts/:id', access: 'admin' },
  { method: 'GET', path: '/api/user/mounts', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'GET', path: '/api/user/mounts/:id', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'GET', path: '/api/admin/dashboard/stats', access: 'admin' },
  { method: 'POST', path: '/api/admin/cache/clear', access: 'admin' },
  { method: 'GET', path: '/api/admin/cache/stats', access: 'admin' },
  // A key clears only the caches of mounts it may see, never everything.
  { method: 'POST', path: '/api/user/cache/clear', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'GET', path: '/api/admin/backup/modules', access: 'admin' },
  { method: 'POST', path: '/api/admin/backup/create', access: 'admin' },
  { method: 'POST', path: '/api/admin/backup/preview', access: 'admin' },
  { method: 'POST', path: '/api/admin/backup/restore', access: 'admin' },
  // File shares: admins manage all, keys with FILE_SHARE only their own (others' answer 404).
  { method: 'GET', path: '/api/files', access: { permission: Permission.FILE_MANAGE } },
  { method: 'GET', path: '/api/files/:id', access: { permission: Permission.FILE_MANAGE } },
  { method: 'PUT', path: '/api/files/:id', access: { permission: Permission.FILE_MANAGE } },
  { method: 'DELETE', path: '/api/files/batch-delete', access: { permission: Permission.FILE_MANAGE } },
  // Uploads: only the actor that started an upload may continue, commit or abort it.
  { method: 'POST', path: '/api/upload', access: { permission: Permission.FILE_SHARE } },
  { method: 'PUT', path: '/api/upload-direct/:filename', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/s3/presign', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/s3/commit', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/upload/multipart/init', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/upload/multipart/list-parts', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/upload/multipart/refresh-urls', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/upload/multipart/complete', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/upload/multipart/abort', access: { permission: Permission.FILE_SHARE } },
  // URL upload: the server fetches only for FILE_SHARE holders, through the SSRF guard (never anonymous).
  { method: 'POST', path: '/api/url/info', access: { permission: Permission.FILE_SHARE } },
  { method: 'GET', path: '/api/url/proxy', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/presign', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/commit', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/multipart/init', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/multipart/complete', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/multipart/abort', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/cancel', access: { permission: Permission.FILE_SHARE } },
  { method: 'POST', path: '/api/url/fetch', access: { permission: Permission.FILE_SHARE } },
  { method: 'GET', path: '/api/url/fetch/:id', access: { permission: Permission.FILE_SHARE } },
  // Server-side tasks, under the original's /fs/jobs and Driftbox's /fs/tasks: admins see all, keys with
  // any mount bit their own (others' answer 404).
  { method: 'GET', path: '/api/fs/jobs', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'DELETE', path: '/api/fs/jobs', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'GET', path: '/api/fs/jobs/:id', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'DELETE', path: '/api/fs/jobs/:id', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'POST', path: '/api/fs/jobs/:id/cancel', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'POST', path: '/api/fs/jobs/:id/retry', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'GET', path: '/api/fs/tasks', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'DELETE', path: '/api/fs/tasks', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'GET', path: '/api/fs/tasks/:id', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'DELETE', path: '/api/fs/tasks/:id', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'POST', path: '/api/fs/tasks/:id/cancel', access: { anyOf: MOUNT_PERMISSIONS } },
  { method: 'POST', path: '/api/fs/tasks/:id/retry', access: { anyOf: MOUNT_PERMISSIONS } },
  // The mount explorer: each route needs its operation's bit; every path then goes through the vfs.
  { method: 'GET', path: '/api/fs/list', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'GET', path: '/api/fs/get', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'GET', path: '/api/fs/download', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'GET', path: '/api/fs/file-link', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'POST', path: '/api/fs/mkdir', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/upload', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/update', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/rename', access: { permission: Permission.MOUNT_RENAME } },
  { method: 'DELETE', path: '/api/fs/batch-remove', access: { permission: Permission.MOUNT_DELETE } },
  { method: 'POST', path: '/api/fs/batch-remove', access: { permission: Permission.MOUNT_DELETE } },
  // Copies: the copy bit (a source also needs the view bit and both ends the base path: the vfs checks them).
  { method: 'POST', path: '/api/fs/batch-copy', access: { permission: Permission.MOUNT_COPY } },
  { method: 'POST', path: '/api/fs/batch-copy-commit', access: { permission: Permission.MOUNT_COPY } },
  // File shares of mount objects.
  { method: 'POST', path: '/api/fs/create-share', access: { permission: Permission.MOUNT_VIEW } },
  // Search: only the mounts and the base path the key may see.
  { method: 'GET', path: '/api/fs/search', access: { permission: Permission.MOUNT_VIEW } },
  // The file basket's ZIP: MOUNT_VIEW, then each path through the vfs (base path).
  { method: 'POST', path: '/api/fs/archive', access: { permission: Permission.MOUNT_VIEW } },
  // An archive task's built ZIP: MOUNT_VIEW, then only the task's owner (or an admin).
  { method: 'GET', path: '/api/fs/tasks/:id/download', access: { permission: Permission.MOUNT_VIEW } },
  { method: 'POST', path: '/api/fs/tasks/:id/download-link', access: { permission: Permission.MOUNT_VIEW } },
  // Browser uploads into mounts (presign + commit, resumable multipart).
  { method: 'POST', path: '/api/fs/presign', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/presign/commit', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/init', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/complete', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/abort', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/list-uploads', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/list-parts', access: { permission: Permission.MOUNT_UPLOAD } },
  { method: 'POST', path: '/api/fs/multipart/refresh-urls', access: { permission: Permission.MOUNT_UPLOAD } },
];

/** Routes anyone may call (`METHOD path`). */
export const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/version',
  // The OpenAPI document names routes and shapes, no secrets.
  'GET /api/openapi.json',
  'POST /api/admin/login',
  'POST /api/admin/logout',
  // Reading a paste needs only its link (and its password, if it has one).
  'GET /api/paste/:slug',
  'POST /api/paste/:slug',
  'GET /api/raw/:slug',
  'GET /api/admin/settings',
  'GET /api/system/max-upload-size',
  // Presigned URLs of LOCAL storage: the HMAC signature in the query is the authorisation
  // (local-storage.routes.test.ts covers missing, tampered and expired signatures).
  'GET /api/local-storage/:configId/object',
  'PUT /api/local-storage/:configId/object',
  'PUT /api/local-storage/:configId/part',
  // Reading a file share needs only its link; protected ones a password (POST) or the token it issues.
  'GET /api/public/files/:slug',
  'POST /api/public/files/:slug/verify',
  'GET /api/file-view/:slug',
  'GET /api/file-download/:slug',
  'GET /api/office-preview/:slug',
  // An archive task's ZIP by the signed link of download-link: the HMAC (task, caller, expiry) is the
  // authorisation (fs-archive.link.routes.test.ts covers forged, expired and another user's).
  'GET /api/fs/archive-download/:id',
]);

/**
 * WebDAV (modules/webdav): every method at `/dav` and below checks its caller itself — credentials on
 * every request, WEBDAV_READ for reads and WEBDAV_MANAGE for writes, the base path through the vfs
 * (webdav.auth.routes.test.ts, webdav.base-path.routes.test.ts).
 */
export const DAV_ROUTES = new Set(['ALL /dav', 'ALL /dav/*']);
