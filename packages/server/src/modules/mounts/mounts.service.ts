import {
  MOUNT_PERMISSIONS,
  type MountCreateBody,
  type MountDto,
  type MountUpdateBody,
  type StorageType,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import type { Actor, AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import { assertAuthenticated, assertPermission } from '../../lib/auth/authz.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { Ids } from '../../lib/crypto/ids.js';
import { AppError, invalidField, notFound } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { canSeeMount } from '../../vfs/authorize.js';
import type { VfsMount } from '../../vfs/vfs-types.js';
import type { StorageConfigsService } from '../storage-configs/storage-configs.service.js';
import { presentMount, toVfsMount } from './mounts.presenter.js';
import { mountsRepository, type ActiveMountRow, type MountChanges } from './mounts.repository.js';

type CreateInput = z.output<typeof MountCreateBody>;
type UpdateInput = z.output<typeof MountUpdateBody>;

export interface MountsDeps {
  db: Kysely<Database>;
  clock: Clock;
  ids: Ids;
  storageConfigs: Pick<StorageConfigsService, 'find'>;
}

/**
 * Only admins manage mounts (spec §6): 401 when anonymous, and for an API key — whatever its bits — 403
 * ADMIN_ONLY with the spec's own words (§8 "API-key users cannot create, delete or modify mounts").
 */
export function assertMountAdmin(actor: Actor, authError: AppError | null = null): asserts actor is AdminActor {
  assertAuthenticated(actor, authError);
  if (actor.type !== 'admin') throw new AppError('ADMIN_ONLY', { text: msg('mounts.keyForbidden') });
}

const pathTaken = () => new AppError('CONFLICT', { text: msg('mounts.pathTaken') });

/** Mount points: the admin's CRUD, what a key may see of them, and the active mounts the vfs resolves with. */
export function createMountsService(deps: MountsDeps) {
  const repo = mountsRepository(deps.db);

  async function requireRow(id: string) {
    const row = await repo.findById(id);
    if (!row) throw notFound('mount');
    return row;
  }

  /** The type of the config a mount is to sit on: 400 when it does not exist or `given` is another type. */
  async function storageTypeFor(configId: string, given: StorageType | undefined): Promise<string> {
    const config = await deps.storageConfigs.find(configId);
    if (!config) throw invalidField('storage_config_id', msg('mounts.configMissing'));
    if (given !== undefined && given !== config.storage_type) {
      throw invalidField('storage_type', msg('mounts.typeMismatch', { type: config.storage_type }));
    }
    return config.storage_type;
  }

  async function write(action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
    } catch (err) {
      // Two admins adding the same path at once: the unique index decides.
      if (isUniqueViolation(err)) throw pathTaken();
      throw err;
    }
  }

  /** The active mounts `actor` may see: all for admins; for a key those on configs usable by keys, by path. */
  async function visibleRows(actor: AdminActor | ApiKeyActor): Promise<ActiveMountRow[]> {
    const rows = await repo.listActive();
    if (actor.type === 'admin') return rows;
    return rows.filter((row) => row.key_usable === 1 && canSeeMount(actor, row.mount_path));
  }

  return {
    async list(actor: Actor): Promise<MountDto[]> {
      assertMountAdmin(actor);
      return (await repo.list()).map(presentMount);
    },

    async get(actor: Actor, id: string): Promise<MountDto> {
      assertMountAdmin(actor);
      return presentMount(await requireRow(id));
    },

    async create(actor: Actor, body: CreateInput): Promise<MountDto> {
      assertMountAdmin(actor);
      const storageType = await storageTypeFor(body.storage_config_id, body.storage_type);
      if (await repo.pathExists(body.mount_path)) throw pathTaken();
      const now = iso(deps.clock.now());
      const id = deps.ids.uuid();
      const { storage_type: _given, ...fields } = body;
      await write(() =>
        repo.insert({
          ...fields,
          id,
          storage_type: storageType,
          created_by: actor.id,
          created_at: now,
          updated_at: now,
          last_used: null,
        }),
      );
      return presentMount(await requireRow(id));
    },

    /** Updates the fields given (enable and disable are `is_active`); the checks of create apply to them. */
    async update(actor: Actor, id: string, body: UpdateInput): Promise<MountDto> {
      assertMountAdmin(actor);
      const row = await requireRow(id);
      const { storage_type: given, ...fields } = body;
      const changes: MountChanges = { updated_at: iso(deps.clock.now()) };
      for (const [key, value] of Object.entries(fields)) {
        if (value !== undefined) Object.assign(changes, { [key]: value });
      }
      if (body.storage_config_id !== undefined || given !== undefined) {
        changes.storage_type = await storageTypeFor(body.storage_config_id ?? row.storage_config_id, given);
      }
      if (body.mount_path !== undefined && (await repo.pathExists(body.mount_path, id))) throw pathTaken();
      await write(() => repo.update(id, changes));
      return presentMount(await requireRow(id));
    },

    /** Deletes the mount only: the objects in its storage are never touched. */
    async remove(actor: Actor, id: string): Promise<void> {
      assertMountAdmin(actor);
      if (!(await repo.delete(id))) throw notFound('mount');
    },

    /** `/api/user/mounts`: the active mounts the caller may see (any mount bit needed). */
    async listVisible(actor: Actor): Promise<MountDto[]> {
      assertPermission(actor, { anyOf: MOUNT_PERMISSIONS });
      return (await visibleRows(actor)).map(presentMount);
    },

    /** One of them; 404 for a mount that is inactive or not visible to the caller, as for a missing one. */
    async getVisible(actor: Actor, id: string): Promise<MountDto> {
      assertPermission(actor, { anyOf: MOUNT_PERMISSIONS });
      const row = (await visibleRows(actor)).find((r) => r.id === id);
      if (!row) throw notFound('mount');
      return presentMount(row);
    },

    /** The cache module's port: the mounts a key may see, with their configs. */
    async visibleMounts(actor: ApiKeyActor): Promise<{ id: string; storageConfigId: string }[]> {
      return (await visibleRows(actor)).map((row) => ({ id: row.id, storageConfigId: row.storage_config_id }));
    },

    /** The vfs's mount source: every active mount (the vfs narrows them per caller). */
    async activeMounts(): Promise<VfsMount[]> {
      return (await repo.listActive()).map(toVfsMount);
    },
  };
}
export type MountsService = ReturnType<typeof createMountsService>;
