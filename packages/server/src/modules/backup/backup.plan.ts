import type { BackupRestoreMode, BackupTableChangesDto, ErrorDetail } from '@driftbox/contract';
import type { SecretBox } from '../../lib/crypto/secret-box.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { backupInvalid, canonicalJson, sha256Text } from './backup.format.js';
import type { BackupRow, BackupTableSpec } from './backup.tables.js';

/** What a restore does to one table: the rows it writes and the counts the admin is shown. */
export interface TablePlan {
  spec: BackupTableSpec;
  /** Overwrite: every row of the file (the table is cleared first). Merge: only the rows that are new. */
  writes: BackupRow[];
  /** Merge: primary keys of existing rows the file's row replaces (deleted before the writes). */
  replaces: string[];
  /** Every row the restore inserts or changes, with the row it replaces (null: new). */
  changed: { before: BackupRow | null; after: BackupRow }[];
  changes: BackupTableChangesDto;
}

const fingerprint = (row: BackupRow) => sha256Text(canonicalJson(row));
const keyOf = (row: BackupRow, column: string) => String(row[column]);

/**
 * At most one row may set the spec's exclusive flag (one default storage config): the first one keeps
 * it unless the table already has one that stays, the others are cleared.
 */
function withExclusiveFlag(spec: BackupTableSpec, rows: BackupRow[], alreadySet: boolean): BackupRow[] {
  const flag = spec.exclusiveFlag;
  if (!flag) return rows;
  let taken = alreadySet;
  return rows.map((row) => {
    if (row[flag] !== 1) return row;
    if (taken) return { ...row, [flag]: 0 };
    taken = true;
    return row;
  });
}

/** Overwrite needs the file to be restorable as a whole: two rows with one id, slug or name cannot be. */
function assertNoDuplicates(spec: BackupTableSpec, rows: readonly BackupRow[]): void {
  for (const column of [spec.primaryKey, ...spec.unique]) {
    const seen = new Set<string>();
    for (const row of rows) {
      const value = keyOf(row, column);
      if (seen.has(value)) {
        throw backupInvalid(msg('backup.duplicateKey', { table: spec.table, column, value }));
      }
      seen.add(value);
    }
  }
}

function emptyChanges(rows: number): BackupTableChangesDto {
  return { rows, insert: 0, update: 0, unchanged: 0, skip: 0, delete: 0 };
}

function planOverwrite(spec: BackupTableSpec, fileRows: BackupRow[], existing: readonly BackupRow[]): TablePlan {
  assertNoDuplicates(spec, fileRows);
  const writes = withExclusiveFlag(spec, fileRows, false);
  const before = new Map(existing.map((row) => [keyOf(row, spec.primaryKey), row]));
  const changes = emptyChanges(writes.length);
  const changed: TablePlan['changed'] = [];
  for (const row of writes) {
    const previous = before.get(keyOf(row, spec.primaryKey));
    if (previous === undefined) changes.insert += 1;
    else if (fingerprint(previous) === fingerprint(row)) changes.unchanged += 1;
    else changes.update += 1;
    if (previous === undefined || fingerprint(previous) !== fingerprint(row))
      changed.push({ before: previous ?? null, after: row });
    before.delete(keyOf(row, spec.primaryKey));
  }
  changes.delete = before.size;
  return { spec, writes, replaces: [], changed, changes };
}

function planMerge(spec: BackupTableSpec, fileRows: BackupRow[], existing: readonly BackupRow[]): TablePlan {
  const current = new Map(existing.map((row) => [keyOf(row, spec.primaryKey), row]));
  const before = new Map(existing.map((row) => [keyOf(row, spec.primaryKey), fingerprint(row)]));
  const taken = new Map(spec.unique.map((column) => [column, new Set(existing.map((row) => keyOf(row, column)))]));
  const changes = emptyChanges(fileRows.length);
  const fresh: BackupRow[] = [];
  const replaced: BackupRow[] = [];
  const changed: TablePlan['changed'] = [];
  const replaces: string[] = [];
  for (const row of fileRows) {
    const key = keyOf(row, spec.primaryKey);
    const previous = before.get(key);
    if (previous !== undefined) {
      // Existing rows win, unless one still holds what the server seeded; an identical one is already there.
      const existingRow = current.get(key);
      if (previous === fingerprint(row)) changes.unchanged += 1;
      else if (existingRow && !replaces.includes(key) && spec.mergeReplaces?.(existingRow)) {
        replaces.push(key);
        replaced.push(row);
        changed.push({ before: existingRow, after: row });
      } else changes.skip += 1;
      continue;
    }
    if (spec.unique.some((column) => taken.get(column)?.has(keyOf(row, column)))) {
      changes.skip += 1;
      continue;
    }
    before.set(keyOf(row, spec.primaryKey), fingerprint(row));
    for (const column of spec.unique) taken.get(column)?.add(keyOf(row, column));
    fresh.push(row);
    changed.push({ before: null, after: row });
  }
  changes.insert = fresh.length;
  changes.update = replaced.length;
  const flag = spec.exclusiveFlag;
  const writes = withExclusiveFlag(spec, fresh, flag !== undefined && existing.some((row) => row[flag] === 1));
  return { spec, writes: [...writes, ...replaced], replaces, changed, changes };
}

/** The plan of one table for `mode`, from the file's rows and the rows the table holds now. */
export function planTable(
  spec: BackupTableSpec,
  fileRows: BackupRow[],
  existing: readonly BackupRow[],
  mode: BackupRestoreMode,
): TablePlan {
  return mode === 'overwrite' ? planOverwrite(spec, fileRows, existing) : planMerge(spec, fileRows, existing);
}

/**
 * Refuses the restore when a row about to be written holds encrypted values this server cannot open:
 * restored, they would fail on first use (a storage config that cannot connect, a key that cannot be shown).
 */
export function assertSecretsUsable(plans: readonly TablePlan[], box: SecretBox): void {
  const details: ErrorDetail[] = [];
  for (const { spec, writes } of plans) {
    if (!spec.checkSecrets) continue;
    for (const row of writes) {
      const problem = spec.checkSecrets(row, box);
      if (problem && details.length < 20)
        details.push({ path: `data.${spec.table}.${keyOf(row, spec.primaryKey)}`, message: problem });
    }
  }
  if (details.length === 0) return;
  throw backupInvalid(msg('backup.otherSecret'), details);
}
