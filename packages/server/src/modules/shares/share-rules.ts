import { isReservedSlug, RANDOM_SLUG_LENGTH } from '@driftbox/contract';
import { isUniqueViolation } from '../../db/client.js';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { conflict } from '../../lib/errors.js';
import type { Ids } from '../../lib/crypto/ids.js';

/** Rules every kind of share (pastes, files, later mount objects) follows for ownership and slugs. */

/** How many random slugs are tried before giving up (a collision is already a one-in-10^14 event). */
const RANDOM_SLUG_ATTEMPTS = 5;

/** `created_by` of what the actor creates: the admin's id, or `apikey:<key id>` (the original's format). */
export function creatorOf(actor: AdminActor | ApiKeyActor): string {
  return actor.type === 'admin' ? actor.id : `apikey:${actor.id}`;
}

/** Which creator's shares the actor may manage: every one (undefined) for admins, its own for a key. */
export function scopeOf(actor: AdminActor | ApiKeyActor): string | undefined {
  return actor.type === 'admin' ? undefined : creatorOf(actor);
}

/**
 * Writes with a slug: a custom one once (a UNIQUE violation is 409 SLUG_TAKEN), or random ones from the
 * injected ids port until one is free. The UNIQUE index decides, so concurrent writers cannot both win.
 */
export async function withSlug(
  ids: Ids,
  custom: string | undefined,
  write: (slug: string) => Promise<void>,
): Promise<string> {
  if (custom !== undefined) {
    try {
      await write(custom);
      return custom;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('SLUG_TAKEN');
      throw err;
    }
  }
  for (let attempt = 0; attempt < RANDOM_SLUG_ATTEMPTS; attempt += 1) {
    const slug = ids.slug(RANDOM_SLUG_LENGTH);
    if (isReservedSlug(slug)) continue;
    try {
      await write(slug);
      return slug;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw conflict('SLUG_TAKEN');
}

/**
 * Writes an edit that may move a share to another slug: none asked, or the share's own, keeps it; `''`
 * claims a new random one; anything else claims that custom slug (409 SLUG_TAKEN when taken, see
 * withSlug). `write` gets the new slug, or undefined when it stays. Returns the slug the share ends with.
 */
export async function writeWithSlug(
  ids: Ids,
  current: string,
  requested: string | undefined,
  write: (slug: string | undefined) => Promise<void>,
): Promise<string> {
  if (requested === undefined || requested === current) {
    await write(undefined);
    return current;
  }
  return withSlug(ids, requested === '' ? undefined : requested, write);
}
