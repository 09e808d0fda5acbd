import {
  BACKUP_MODULES,
  BACKUP_UPLOAD_LIMIT_BYTES,
  formatBytes,
  type BackupCreateBody,
  type BackupModule,
  type BackupRestoreMode,
} from '@driftbox/contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../../db/client.js';
import type { Database } from '../../db/schema.js';
import type { Actor, AdminActor } from '../../lib/auth/actor.js';
import { assertAdmin } from '../../lib/auth/authz.js';
import type { CacheRegistry } from '../../lib/cache/cache-registry.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { AppCrypto } from '../../lib/crypto/crypto.js';
import { AppError, invalidField } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import type { Logger } from '../../lib/logger.js';
import { exportData, filePieces } from './backup.export.js';
import { backupFileName, buildMetadata } from './backup.format.js';
import type { LegacyContext } from './backup.legacy-rows.js';
import { readBackup } from './backup.parse.js';
import { assertSecretsUsable, planTable, type TablePlan } from './backup.plan.js';
import { backupRepository, isForeignKeyViolation, type BackupRepository } from './backup.repository.js';
import { availableModules, specsOfModules, type BackupTableSpec } from './backup.tables.js';
import type { ParsedBackup } from './backup.validate.js';

type CreateInput = z.output<typeof BackupCreateBody>;

export interface BackupDeps {
  db: Kysely<Database>;
  clock: Clock;
  crypto: AppCrypto;
  logger: Logger;
  /** Cleared after a restore, so this instance serves the restored settings at once. */
  caches: CacheRegistry;
}

/** A module with the row count of each of its tables. */
export interface ModuleCounts {
  module: BackupModule;
  tables: Record<string, number>;
}

/** A backup file to send: its name and its text in pieces. */
export interface BackupDownload {
  fileName: string;
  parts: string[];
}

/** The uploaded file (already JSON-parsed) and what to do with it. */
export interface RestoreInput {
  mode: BackupRestoreMode;
  backup: unknown;
  /** The original product's ENCRYPTION_SECRET, for the storage credentials of its backups. */
  legacySecret?: string;
}

/** A verified file and the plan of every table in it (carried out, for a restore). */
export interface RestoreOutcome {
  mode: BackupRestoreMode;
  parsed: ParsedBackup;
  plans: TablePlan[];
}

/** Stands in for scrypt in a preview, which never writes (an import may hash hundreds of passwords). */
const PREVIEW_HASH = 'scrypt$preview';

/** Full and per-module backups, previews and restores (admin only); every restore is one transaction. */
export function createBackupService(deps: BackupDeps) {
  const repo = backupRepository(deps.db);
  const { clock, crypto, logger, caches } = deps;

  function legacyContext(
    actor: AdminActor,
    input: RestoreInput,
    hashPassword: LegacyContext['hashPassword'],
  ): LegacyContext {
    const legacySecret = input.legacySecret ?? null;
    return { box: crypto.box, hashPassword, adminId: actor.id, now: iso(clock.now()), legacySecret };
  }

  /** The modules a create asks for; 400 for one without tables in this version (e.g. files before they exist). */
  function modulesOf(body: CreateInput): BackupModule[] {
    const available = availableModules(BACKUP_MODULES);
    if (body.backup_type === 'full') return available;
    const missing = body.selected_modules.find((m) => !available.includes(m));
    if (missing) throw invalidField('selected_modules', msg('backup.moduleEmpty', { module: missing }));
    return [...new Set(body.selected_modules)];
  }

  async function planAll(r: BackupRepository, parsed: ParsedBackup, mode: BackupRestoreMode): Promise<TablePlan[]> {
    const plans: TablePlan[] = [];
    for (const table of parsed.tables) plans.push(planTable(table.spec, table.rows, await r.readAll(table.spec), mode));
    assertSecretsUsable(plans, crypto.box);
    return plans;
  }

  async function apply(r: BackupRepository, plans: readonly TablePlan[], mode: BackupRestoreMode): Promise<void> {
    // Children before parents when clearing, parents before children when filling.
    if (mode === 'overwrite') for (const plan of [...plans].reverse()) await r.deleteAll(plan.spec);
    else for (const plan of plans) await r.deleteKeys(plan.spec, plan.replaces);
    for (const plan of plans) await r.insertMany(plan.spec, plan.writes);
  }

  return {
    /** Every module that has tables, with their row counts. */
    async modules(actor: Actor): Promise<ModuleCounts[]> {
      assertAdmin(actor);
      const out: ModuleCounts[] = [];
      for (const module of availableModules(BACKUP_MODULES)) {
        const tables: Record<string, number> = {};
        for (const spec of specsOfModules([module])) tables[spec.table] = await repo.count(spec);
        out.push({ module, tables });
      }
      return out;
    },

    /** A full or per-module backup, read in one snapshot so the tables agree with each other. */
    async create(actor: Actor, body: CreateInput): Promise<BackupDownload> {
      assertAdmin(actor);
      const modules = modulesOf(body);
      const specs: BackupTableSpec[] = specsOfModules(modules);
      const data = await deps.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute((trx) => exportData(backupRepository(trx), specs));
      const now = clock.now();
      const selected = body.backup_type === 'full' ? null : modules;
      const metadata = buildMetadata({
        now,
        backupType: body.backup_type,
        selectedModules: selected,
        tables: data.tables,
        checksum: data.checksum,
      });
      const parts = filePieces(metadata, data);
      // A file the restore would refuse (over its upload limit) is no backup: say so now, not on the day it is needed.
      const bytes = parts.reduce((sum, part) => sum + Buffer.byteLength(part, 'utf8'), 0);
      if (bytes > BACKUP_UPLOAD_LIMIT_BYTES) {
        const size = formatBytes(bytes);
        const limit = formatBytes(BACKUP_UPLOAD_LIMIT_BYTES);
        throw new AppError('PAYLOAD_TOO_LARGE', { text: msg('backup.tooLarge', { size, limit }) });
      }
      logger.info('Backup created', { admin: actor.username, type: body.backup_type, records: metadata.total_records });
      return { fileName: backupFileName(now), parts };
    },

    /** What a restore of this file would change, table by table; nothing is written. */
    async preview(actor: Actor, input: RestoreInput): Promise<RestoreOutcome> {
      assertAdmin(actor);
      const parsed = await readBackup(
        input.backup,
        legacyContext(actor, input, async () => PREVIEW_HASH),
      );
      const plans = await deps.db.transaction().execute((trx) => planAll(backupRepository(trx), parsed, input.mode));
      return { mode: input.mode, parsed, plans };
    },

    /**
     * Restores a verified file in one transaction: any failure leaves the database as it was. Every
     * cache of this instance is dropped afterwards; other instances catch up within their TTLs.
     */
    async restore(actor: Actor, input: RestoreInput): Promise<RestoreOutcome> {
      assertAdmin(actor);
      const parsed = await readBackup(
        input.backup,
        legacyContext(actor, input, (plain) => crypto.passwords.hash(plain)),
      );
      let plans: TablePlan[];
      try {
        plans = await deps.db.transaction().execute(async (trx) => {
          const restoring = backupRepository(trx);
          const planned = await planAll(restoring, parsed, input.mode);
          await apply(restoring, planned, input.mode);
          // Shares or mounts left without their storage config (replaced, skipped on merge, or never in
          // the file) could be neither opened nor deleted: the whole restore is refused instead.
          if ((await restoring.orphanShares()) + (await restoring.orphanMounts()) > 0)
            throw new AppError('CONFLICT', { text: msg('backup.restoreConflict') });
          return planned;
        });
      } catch (err) {
        if (isForeignKeyViolation(err) || isUniqueViolation(err))
          throw new AppError('CONFLICT', { text: msg('backup.restoreConflict') });
        throw err;
      }
      await caches.invalidate({ kind: 'all' });
      logger.info('Backup restored', {
        admin: actor.username,
        mode: input.mode,
        source: parsed.source,
        tables: plans.map((p) => p.spec.table).join(','),
      });
      return { mode: input.mode, parsed, plans };
    },
  };
}
export type BackupService = ReturnType<typeof createBackupService>;
