import { parseVirtualPath, PATH_ERROR_MESSAGES, validationMessageZh } from '@driftbox/contract';
import type { Actor } from '../lib/auth/actor.js';
import { invalidField, notFound } from '../lib/errors.js';
import { authorize, canSeeMount, visibleEntries } from './authorize.js';
import { createMountTable, type Location } from './mount-table.js';
import type { MountSource, PathAccess, VfsMount, VfsOp } from './vfs-types.js';

export interface ResolveOptions {
  /** The path still carries its URL encoding (a request path, `/api/p/…`): decoded once. */
  encoded?: boolean;
  /** The request field the path came from, named in a 400's details (default `path`). */
  field?: string;
}

/** A path an actor may act on: where it is, and how much of a listing of it the actor may see. */
export type Resolved = Location & { access: PathAccess };

/**
 * The virtual file system's entrance (design STYLE §13): one normalisation, one authorisation, one
 * resolution, in that order and before any storage call, for every adapter. A listing's `children`
 * (the mount tree's own entries) are already cut to what the caller may see; a storage listing of a
 * mount location goes through `visibleEntries(resolved.access, …)` the same way.
 */
export function createVfs(deps: { mounts: MountSource }) {
  /** The mounts `actor` resolves paths against: every active one for admins; for a key those it may see. */
  async function mountsFor(actor: Actor): Promise<VfsMount[]> {
    const active = await deps.mounts.activeMounts();
    if (actor.type === 'admin') return active;
    return active.filter((m) => m.keyUsable && canSeeMount(actor, m.path));
  }

  return {
    /**
     * Normalises `rawPath` (400 with the field's detail), authorises `op` on it (401/403), then resolves
     * it to a mount and object key or a virtual folder (404 when it is neither). Writes to a virtual
     * folder or a mount's root are for the adapter to refuse: only it knows what the operation means.
     */
    async resolve(actor: Actor, rawPath: string, op: VfsOp, options: ResolveOptions = {}): Promise<Resolved> {
      const parsed = parseVirtualPath(rawPath, { encoded: options.encoded ?? false });
      if (!parsed.ok) {
        const message = PATH_ERROR_MESSAGES[parsed.reason];
        throw invalidField(options.field ?? 'path', { en: message, zh: validationMessageZh(message) });
      }
      const access = authorize(actor, parsed.path, op);
      const location = createMountTable(await mountsFor(actor)).resolve(parsed.path);
      if (!location) throw notFound('path');
      return { ...location, children: visibleEntries(access, location.children), access };
    },

    mountsFor,
  };
}
export type Vfs = ReturnType<typeof createVfs>;
