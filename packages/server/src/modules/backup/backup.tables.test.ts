import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, ownTables } from '../../test/harness.js';
import { harnessPerSuite } from '../../test/per-test.js';
import { BACKUP_TABLES, columnsOf, NOT_BACKED_UP } from './backup.tables.js';

describe.each(dialects)('backup table registry (%s)', (dialect) => {
  const h = harnessPerSuite({ dialect });

  const tables = async () => (await ownTables(h.db)).filter((t) => !t.name.startsWith('kysely_'));

  it('classifies every table: backed up, or excluded with a reason (a new table cannot be forgotten)', async () => {
    const classified = new Set([...BACKUP_TABLES.map((s) => s.table as string), ...Object.keys(NOT_BACKED_UP)]);
    expect((await tables()).map((t) => t.name).filter((name) => !classified.has(name))).toEqual([]);
  });

  it("writes exactly each table's columns (a new column needs a row schema entry)", async () => {
    const byName = new Map((await tables()).map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
    for (const spec of BACKUP_TABLES)
      expect([spec.table, columnsOf(spec).sort()]).toEqual([spec.table, byName.get(spec.table)]);
  });

  it('declares the UNIQUE columns merge must respect', async () => {
    for (const spec of BACKUP_TABLES) {
      const indexes =
        dialect === 'sqlite'
          ? (
              await sql<{
                sql: string | null;
              }>`select sql from sqlite_master where type = 'table' and name = ${spec.table}`.execute(h.db)
            ).rows.map((r) => r.sql ?? '')
          : (
              await sql<{
                sql: string;
              }>`select indexdef as sql from pg_indexes where tablename = ${spec.table}`.execute(h.db)
            ).rows.map((r) => r.sql);
      for (const column of spec.unique)
        expect(indexes.join('\n')).toMatch(new RegExp(`"?${column}"?[^,]*unique|unique[^;]*\\(?"?${column}"?\\)`, 'i'));
    }
  });
});
