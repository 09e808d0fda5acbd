import type { AdminActor, ApiKeyActor } from '../../../lib/auth/actor.js';
import { mimetypeFor } from '../files.rules.js';
import type { ShareOptions, ShareWriter } from '../files.shares.js';
import type { FileStorage } from '../files.storage.js';

/** A browser upload as presign and multipart init declare it: the file, its size and the share's options. */
export type DeclaredUpload = ShareOptions & { filename: string; mimetype?: string | undefined; size: number };

/**
 * The first step of presign and multipart init alike: the upload's destination, the declared size
 * checked against the room there, and the pending share that holds the place. `staged`: the bytes go
 * to the row's staging key until the commit moves them (presign).
 */
export async function createPendingUpload(
  shares: ShareWriter,
  storage: FileStorage,
  actor: AdminActor | ApiKeyActor,
  body: DeclaredUpload,
  staged = false,
) {
  const { target, key } = await shares.destination(actor, body.s3_config_id, body.filename, body.path);
  storage.checkSize(target, body.size);
  const mimetype = mimetypeFor(body.filename, body.mimetype);
  const row = await shares.createPending({
    actor,
    target,
    key,
    filename: body.filename,
    mimetype,
    size: body.size,
    options: body,
    staged,
  });
  return { target, mimetype, row };
}
