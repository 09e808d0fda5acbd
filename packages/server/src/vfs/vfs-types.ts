import { Permission } from '@driftbox/contract';

/**
 * What an operation on the mount tree does, and so which bit an API key needs for it (spec §6, notes
 * §4.9). Every adapter (REST `/api/fs`, `/api/p`, WebDAV, tasks) names its operation with one of these.
 */
export const VFS_OPERATIONS = {
  list: Permission.MOUNT_VIEW,
  get: Permission.MOUNT_VIEW,
  download: Permission.MOUNT_VIEW,
  link: Permission.MOUNT_VIEW,
  share: Permission.MOUNT_VIEW,
  search: Permission.MOUNT_VIEW,
  mkdir: Permission.MOUNT_UPLOAD,
  upload: Permission.MOUNT_UPLOAD,
  update: Permission.MOUNT_UPLOAD,
  copy: Permission.MOUNT_COPY,
  rename: Permission.MOUNT_RENAME,
  delete: Permission.MOUNT_DELETE,
} as const;
export type VfsOp = keyof typeof VFS_OPERATIONS;

/** An active mount as the vfs resolves paths with it (the mounts module's row, in the vfs's words). */
export interface VfsMount {
  id: string;
  /** Normalised, `/xxx`, no trailing slash. */
  path: string;
  storageConfigId: string;
  storageType: string;
  /** The mount's storage config is marked usable by API keys (`is_public`); otherwise only admins see it. */
  keyUsable: boolean;
  cacheTtl: number;
  webProxy: boolean;
  enableSign: boolean;
  /** null: the global setting; 0: never expires. */
  signExpires: number | null;
  webdavPolicy: string;
}

/** Where the vfs reads the active mounts from: the mounts module implements it. */
export interface MountSource {
  activeMounts(): Promise<VfsMount[]>;
}

/** An entry the mount tree itself contributes to a listing: a mount, or a folder on the way to one. */
export interface VirtualEntry {
  name: string;
  path: string;
  /** The mount at exactly this path, or null for a folder between mounts. */
  mount: VfsMount | null;
}

/**
 * What a caller may see of a path it is allowed on: all of it, or — a listing of an ancestor of its
 * base path — only the one entry on the way down to the base path.
 */
export type PathAccess = { kind: 'full' } | { kind: 'toward'; next: string };
