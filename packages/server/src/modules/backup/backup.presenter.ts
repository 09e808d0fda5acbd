import {
  BACKUP_MODULE_TEXT,
  type BackupModulesDto,
  type BackupPreviewDto,
  type BackupRestoreResultDto,
} from '@driftbox/contract';
import { t, type Lang } from '../../lib/i18n/i18n.js';
import type { ModuleCounts, RestoreOutcome } from './backup.service.js';

/** `GET /admin/backup/modules` in the original's shape, with names in the caller's language and counts per table. */
export function presentModules(modules: readonly ModuleCounts[], lang: Lang): BackupModulesDto {
  return {
    modules: Object.fromEntries(
      modules.map(({ module, tables }) => [
        module,
        {
          name: t(lang, BACKUP_MODULE_TEXT[module].name),
          description: t(lang, BACKUP_MODULE_TEXT[module].description),
          tables: Object.keys(tables),
          table_counts: tables,
          record_count: Object.values(tables).reduce((sum, n) => sum + n, 0),
        },
      ]),
    ),
  };
}

/** What a restore of the file does (preview) or did. */
export function presentPreview(outcome: RestoreOutcome, lang: Lang): BackupPreviewDto {
  return {
    source: outcome.parsed.source,
    mode: outcome.mode,
    backup_info: outcome.parsed.info,
    tables: Object.fromEntries(outcome.plans.map((p) => [p.spec.table, p.changes])),
    settings_changes: outcome.plans
      .filter((p) => p.spec.table === 'settings')
      .flatMap((p) => p.changed)
      .filter(({ before, after }) => before?.value !== after.value)
      .map(({ before, after }) => ({
        key: String(after.key),
        from: before ? String(before.value) : null,
        to: String(after.value),
      })),
    skipped: outcome.parsed.skipped.map((s) => ({ table: s.table, rows: s.rows, reason: t(lang, s.reason) })),
  };
}

/** The restore result, with the original's per-table counters beside Driftbox's detailed ones. */
export function presentRestore(outcome: RestoreOutcome, lang: Lang): BackupRestoreResultDto {
  const results = Object.fromEntries(
    outcome.plans.map(({ spec, writes, changes }) => [
      spec.table,
      {
        success: writes.length,
        ignored: changes.skip + (outcome.mode === 'merge' ? changes.unchanged : 0),
        failed: 0,
        expected: changes.rows,
      },
    ]),
  );
  return {
    ...presentPreview(outcome, lang),
    restored_tables: outcome.plans.map((p) => p.spec.table),
    total_records: outcome.plans.reduce((sum, p) => sum + p.writes.length, 0),
    results,
  };
}
