import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { creatorOf, withSlug } from '../shares/share-rules.js';
import type { FileRow, FilesRepository } from './files.repository.js';
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
export function mountShareWriter(deps: { repo: FilesRepository; clock: Clock; ids: Ids; shares: ShareWriter }) {
  const { repo, clock, ids, shares } = deps;
  return {
    async create(actor: AdminActor | ApiKeyActor, object: MountObject, options: MountShareOptions): Promise<FileRow> {
      const now = clock.now();
      // The original's mount shares were proxied; a choice of the caller still wins.
      const columns = await shares.optionColumns(options, now, true);
      const row: FileRow = {
        id: ids.uuid(),
        slug: '',
        filename: object.filename,
        storage_config_id: object.configId,
        storage_path: object.key,
        file_path: object.path,
        mimetype: object.mimetype,
        size: object.size,
        etag: object.etag,
        remark: columns.remark ?? null,
        password_hash: columns.password_hash ?? null,
        password_version: 0,
        expires_at: columns.expires_at ?? null,
        max_views: columns.max_views ?? 0,
        views: 0,
        last_viewed_at: null,
        use_proxy: columns.use_proxy ?? 1,
        status: 'active',
        upload_id: null,
        part_size: null,
        staging_path: null,
        created_by: creatorOf(actor),
        created_at: iso(now),
        updated_at: iso(now),
      };
      row.slug = await withSlug(ids, options.slug, (slug) => repo.insert({ ...row, slug }));
      return row;
    },
  };
}
export type MountShareWriter = ReturnType<typeof mountShareWriter>;
