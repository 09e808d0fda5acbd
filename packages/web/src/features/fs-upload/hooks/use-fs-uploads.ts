import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { fsUploads, type FsUploadItem, type FsUploadStore } from '../lib/fs-upload-store';

/** The queue's items, live. */
export function useFsUploadItems(store: FsUploadStore = fsUploads): readonly FsUploadItem[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** Each folder that got a file refreshes its listing (`['fs', 'list', path]`), and `onUploaded` hears of it. */
export function useFsUploadRefresh(store: FsUploadStore, onUploaded?: () => void): void {
  const client = useQueryClient();
  const latest = useRef(onUploaded);
  useEffect(() => {
    latest.current = onUploaded;
  }, [onUploaded]);
  useEffect(
    () =>
      store.onChanged((folder) => {
        void client.invalidateQueries({ queryKey: ['fs', 'list', folder] });
        latest.current?.();
      }),
    [store, client],
  );
}

/** While files are still going out, leaving or reloading the page asks first (the browser's own question). */
export function useLeaveWhileUploading(running: boolean): void {
  useEffect(() => {
    if (!running) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [running]);
}
