import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialects, ownTables } from '../../test/harness.js';
import { testDbPerTest } from '../../test/per-test.js';
import { isUniqueViolation } from '../client.js';

const T0 = '2026-01-01T00:00:00.000Z';

describe.each(dialects)('migration 002_pastes (%s)', (dialect) => {
  const t = testDbPerTest(dialect);

  const insert = (id: string, slug: string) =>
    sql`insert into pastes (id, slug, content, created_by, created_at, updated_at) values (${id}, ${slug}, 'c', 'admin', ${T0}, ${T0})`.execute(
      t.db,
    );

  it('applies the defaults: no password (version 0), no expiry, unlimited, zero views', async () => {
    await insert('p1', 'one');
    expect(await t.db.selectFrom('pastes').selectAll().executeTakeFirstOrThrow()).toMatchObject({
      remark: null,
      password_hash: null,
      password_version: 0,
      expires_at: null,
      max_views: 0,
      views: 0,
    });
  });

  it('keeps slugs unique and indexes the list and sweep columns', async () => {
    await insert('p1', 'same');
    expect(isUniqueViolation(await insert('p2', 'same').catch((e: unknown) => e))).toBe(true);
    const table = (await ownTables(t.db)).find((x) => x.name === 'pastes');
    expect(table?.columns.map((c) => c.name)).toEqual([
      'id',
      'slug',
      'content',
      'remark',
      'password_hash',
      'password_version',
      'expires_at',
      'max_views',
      'views',
      'created_by',
      'created_at',
      'updated_at',
      // Added by migration 012.
      'is_public',
      'title',
    ]);
    const indexes =
      dialect === 'sqlite'
        ? (
            await sql<{
              name: string;
            }>`select name from sqlite_master where type = 'index' and tbl_name = 'pastes'`.execute(t.db)
          ).rows
        : (
            await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'pastes'`.execute(
              t.db,
            )
          ).rows;
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining(['pastes_created_at_idx', 'pastes_created_by_idx', 'pastes_expires_at_idx']),
    );
  });
});
