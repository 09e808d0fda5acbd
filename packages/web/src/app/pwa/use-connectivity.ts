/**
 * The app's reactions to the connection (spec §4, §9): a 3 s toast on going offline and on coming back;
 * offline, the pages opened online are put back from the offline database; back online, the queue syncs.
 * Sync results give a toast, and on an admin or management page a reload 1 s after a sync in which a
 * paste operation succeeded. Dexie is loaded once the page has loaded and the browser is idle (where the database
 * exists already: not on a first visit), or at once when there is something to keep or read back.
 */
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../components/ui/toaster';
import { PASTES_QUERY_ROOT } from '../../lib/api/paste-query-keys';
import { getAuthState, subscribeAuth } from '../../lib/auth/auth-store';
import { whenIdleAfterLoad } from '../../lib/boot/idle';
import { subscribeSyncResults } from '../../lib/offline/sync-events';
import { isKeptOffline } from '../../lib/offline/kept-queries';
import { forgetRestored } from '../../lib/offline/restored-store';
import { whenOfflineDbExists } from '../../lib/offline/db-presence';
import { queueFailureText } from './queue-failure';

export const TOAST_MS = 3000;
export const SYNC_RELOAD_DELAY_MS = 1000;

/** The offline modules, or a never-settling promise where the browser has no IndexedDB (nothing to do). */
const loadOffline = () =>
  typeof indexedDB === 'undefined'
    ? new Promise<never>(() => undefined)
    : Promise.all([
        import('../../lib/offline/query-cache'),
        import('../../lib/offline/sync'),
        import('../../lib/offline/db'),
      ]);
const ignore = () => undefined;

type CachedQuery = ReturnType<ReturnType<QueryClient['getQueryCache']>['getAll']>[number];
const isKeptSuccess = (query: CachedQuery) => query.state.status === 'success' && isKeptOffline(query.queryKey);

/**
 * Runs `start` (loads Dexie) once the page has loaded and the browser is idle, or at once when it is wanted now:
 * offline (the kept pages are read back), a signed-in visitor (their lists are kept), or a kept answer arrived
 * (saved before a reload can lose it). Returns a cancel.
 */
function whenOfflineWanted(queryClient: QueryClient, start: () => void): () => void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  const cache = queryClient.getQueryCache();
  const unwatch = cache.subscribe((event) => {
    if (event.type === 'updated' && isKeptSuccess(event.query)) startOnce();
  });
  const unwatchAuth = subscribeAuth(() => {
    if (getAuthState().kind !== 'none') startOnce();
  });
  const now = !navigator.onLine || getAuthState().kind !== 'none' || cache.getAll().some(isKeptSuccess);
  // Otherwise only where the database exists: a first visit has nothing to sync or clean up (issue 30).
  let cancelIdle = () => {};
  const cancelWait = now
    ? (startOnce(), () => undefined)
    : whenOfflineDbExists(() => (cancelIdle = whenIdleAfterLoad(startOnce)));
  return () => {
    cancelWait();
    cancelIdle();
    unwatch();
    unwatchAuth();
  };
}

export function useConnectivity(): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    const start = () =>
      void loadOffline().then(([cache, sync, db]) => {
        if (cancelled) return;
        stop = cache.persistKeptQueries(queryClient);
        if (!navigator.onLine) void cache.restoreKeptQueries(queryClient).catch(ignore);
        else void sync.syncNow().catch(ignore);
        void db.cleanUp(db.offlineDb()).catch(ignore);
      });
    const cancelStart = whenOfflineWanted(queryClient, start);
    return () => {
      cancelled = true;
      cancelStart();
      stop();
    };
  }, [queryClient]);

  useEffect(() => {
    const offline = () => {
      toast.warning(t('pwa.offline.wentOffline'), { id: 'connectivity', duration: TOAST_MS });
      void loadOffline().then(([cache]) => cache.restoreKeptQueries(queryClient).catch(ignore));
    };
    const online = () => {
      toast.success(t('pwa.offline.backOnline'), { id: 'connectivity', duration: TOAST_MS });
      forgetRestored();
      void loadOffline().then(([, sync]) => sync.syncNow().catch(ignore));
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t, queryClient]);

  // Signing out forgets the pages kept for offline reading (the queue stays: it is the user's work).
  useEffect(
    () =>
      subscribeAuth(() => {
        if (getAuthState().kind !== 'none') return;
        void loadOffline().then(([, , db]) => db.clearCachedRecords(db.offlineDb()).catch(ignore));
      }),
    [],
  );

  useEffect(() => {
    let reloading = false;
    return subscribeSyncResults((message) => {
      const synced = message.results.filter((result) => result.ok).length;
      if (synced > 0) toast.success(t('pwa.sync.done', { count: synced }), { duration: TOAST_MS });
      for (const result of message.results) {
        if (!result.ok && !result.willRetry && result.error)
          toast.error(t('pwa.sync.failed', { reason: queueFailureText(t, result.error) }));
      }
      void queryClient.invalidateQueries({ queryKey: PASTES_QUERY_ROOT });
      if (message.pasteOperationSucceeded && window.location.pathname.startsWith('/admin') && !reloading) {
        reloading = true;
        window.setTimeout(() => window.location.reload(), SYNC_RELOAD_DELAY_MS);
      }
    });
  }, [t, queryClient]);
}
