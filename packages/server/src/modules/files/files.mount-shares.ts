import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import type { Ids } from '../../lib/crypto/ids.js';
import type { FileRow } from './files.repository.js';
import type { ShareOptions, ShareWriter } from './files.shares.js';

/** A mount object a share is made for: where it is stored, and what storage said of it. */
export interface MountObject {
  /** The virtual path it was shared from (kept in `file_path`: what marks a share of a mount object). */
  path: string;
  configId: string;
  key: string;
  filename: string;
  mimetype: string;
  size: number;
  etag: string | null;
}

/** The share options a mount share takes: no config or folder (the object is where it is). */
export type MountShareOptions = Omit<ShareOptions, 's3_config_id' | 'path'>;

/**
 * File shares pointing at a mount object (`POST /api/fs/create-share`): an active row with the share
 * rules of an upload (slug, password, expiry, view limit, proxy), its `file_path` set. Such a share
 * never owns its object: deleting, expiring or sweeping it deletes the row only (files.cleanup), it
 * counts in no storage usage and gives no right to write over the key (files.repository). Deleted in
 * the mount, the object is gone for the share too: its reads answer 404 until the row goes.
 */
export function mountShareWriter(deps: { ids: Ids; shares: ShareWriter }) {
  const { ids, shares } = deps;
  return {
    create(actor: AdminActor | ApiKeyActor, object: MountObject, options: MountShareOptions): Promise<FileRow> {
      return shares.insertShare(
        {
          id: ids.uuid(),
          filename: object.filename,
          storage_config_id: object.configId,
          storage_path: object.key,
          file_path: object.path,
          mimetype: object.mimetype,
          size: object.size,
          etag: object.etag,
          status: 'active',
        },
        // The original's mount shares were proxied; a choice of the caller still wins.
        { actor, options, useProxyDefault: true },
      );
    },
  };
}
export type MountShareWriter = ReturnType<typeof mountShareWriter>;
