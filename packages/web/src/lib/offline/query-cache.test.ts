import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { offlineDb } from './db';
import { persistKeptQueries, restoreKeptQueries } from './query-cache';
import { forgetRestored, shownRestoredAt } from './restored-store';

const LIST_KEY = ['admin', 'dashboard'];
const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

afterEach(async () => {
  forgetRestored();
  await offlineDb().settings.clear();
  await offlineDb().pastes.clear();
});

describe('pages kept for offline reading', () => {
  it('keeps an answer that arrived before the offline code loaded, and later ones', async () => {
    const client = new QueryClient();
    client.setQueryData(LIST_KEY, { total: 1 });
    const stop = persistKeptQueries(client);
    client.setQueryData(['pastes', 'own', 'abc'], { slug: 'abc' });
    client.setQueryData(['api-keys'], { secret: 'never kept' });
    await settled();
    stop();
    expect((await offlineDb().settings.toArray()).map((row) => (row.data as { data: unknown }).data)).toEqual([
      { total: 1 },
    ]);
    expect(await offlineDb().pastes.get('abc')).toMatchObject({ data: { data: { slug: 'abc' } } });
  });

  it('puts the copy back offline without saving it again (its stamp stays, so the clean-up can drop it)', async () => {
    const online = new QueryClient();
    online.setQueryData(LIST_KEY, { total: 2 });
    persistKeptQueries(online)();
    await settled();
    const [saved] = await offlineDb().settings.toArray();
    const stamp = saved!.cachedAt - 60_000;
    await offlineDb().settings.update(saved!.key, { cachedAt: stamp });

    const offline = new QueryClient();
    const stop = persistKeptQueries(offline);
    expect(await restoreKeptQueries(offline)).toBe(1);
    await settled();
    stop();
    expect(offline.getQueryData(LIST_KEY)).toEqual({ total: 2 });
    expect((await offlineDb().settings.get(saved!.key))?.cachedAt).toBe(stamp);
    // The notice's time: only while a mounted query shows the copy.
    expect(shownRestoredAt(offline.getQueryCache())).toBeNull();
  });
});
