import { describe, expect, it } from 'vitest';
import { dialects } from '../../test/harness.js';
import { harnessPerTest } from '../../test/per-test.js';
import { mountCalls } from '../mounts/mounts.test-support.js';
import { searchCalls } from './fs-search.test-support.js';

describe.each(dialects)('search index upkeep (%s, LOCAL)', (dialect) => {
  const h = harnessPerTest({ dialect });
  const { created } = mountCalls(() => h);
  const s = searchCalls(() => h);
  const admin = () => h.actors.admin();

  const indexed = async () => {
    const team = await created({ name: 'team', mount_path: '/team' });
    await s.put('local', ['docs/report.txt', 'photos/reporter.jpg']);
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    expect(await s.paths(admin(), { q: 'report' })).toEqual(['/team/docs/report.txt', '/team/photos/reporter.jpg']);
    return team;
  };

  it('applies a write notice at once: a new file, a removed file, a folder moved in', async () => {
    const team = await indexed();
    await s.put('local', ['docs/new-report.md']);
    await h.services.searchIndex.changed(team.id, ['/team/docs/new-report.md']);
    expect(await s.paths(admin(), { q: 'new-rep' })).toEqual(['/team/docs/new-report.md']);
    await s.remove('local', ['docs/report.txt']);
    await h.services.searchIndex.changed(team.id, ['/team/docs/report.txt', '/elsewhere/x']);
    expect(await s.paths(admin(), { q: 'report' })).toEqual(['/team/photos/reporter.jpg', '/team/docs/new-report.md']);
    // A folder with content: the folder at once, its entries with the refresh the notice asks for.
    await s.put('local', ['moved/deep/report-a.txt']);
    await h.services.searchIndex.changed(team.id, ['/team/moved']);
    expect(await s.paths(admin(), { q: 'moved' })).toEqual(['/team/moved']);
    expect(await s.paths(admin(), { q: 'report-a' })).toEqual([]);
    await s.refresh();
    expect(await s.paths(admin(), { q: 'report-a' })).toEqual(['/team/moved/deep/report-a.txt']);
    // A removed folder takes its entries with it.
    await s.remove('local', ['moved/deep/report-a.txt']);
    await h.services.searchIndex.changed(team.id, ['/team/moved']);
    expect(await s.paths(admin(), { q: 'report-a' })).toEqual([]);
    expect(await s.paths(admin(), { q: 'moved' })).toEqual([]);
  });

  it('refreshes a mount older than its TTL (60 s at least) and deletes what is gone', async () => {
    await indexed();
    await s.remove('local', ['photos/reporter.jpg']);
    await s.put('local', ['later/report-late.txt']);
    h.clock.advance(30_000);
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    // Younger than the mount's TTL (300 s): no refresh was queued.
    expect(await s.paths(admin(), { q: 'report' })).toContain('/team/photos/reporter.jpg');
    h.clock.advance(300_000);
    await s.found(admin(), { q: 'report' });
    const queued = await h.call('GET', '/api/fs/tasks?taskType=index-mount', { headers: admin() });
    expect((queued.body.data as { total: number }).total).toBe(2);
    await s.refresh();
    expect(await s.paths(admin(), { q: 'report' })).toEqual(['/team/docs/report.txt', '/team/later/report-late.txt']);
  });

  it('drops the index of a mount deleted or disabled, with the next refresh', async () => {
    const team = await indexed();
    const other = await created({ name: 'other', mount_path: '/other' });
    await s.found(admin(), { q: 'report' });
    await s.refresh();
    const rowsOf = async (id: string) =>
      (await h.db.selectFrom('fs_search_index').select('path').where('mount_id', '=', id).execute()).length;
    expect(await rowsOf(team.id)).toBe(4);
    await h.call('DELETE', `/api/admin/mounts/${team.id}`, { headers: admin() });
    await h.services.tasks.enqueue('index-mount', { mountId: other.id }, h.adminActor);
    await s.refresh();
    expect(await rowsOf(team.id)).toBe(0);
    expect(await rowsOf(other.id)).toBe(4);
  });
});
