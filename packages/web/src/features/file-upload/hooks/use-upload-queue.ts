import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useOnline } from '../../../lib/hooks/use-online';
import { httpUploadApi } from '../../../lib/uploader/upload-api';
import { uploadFile } from '../../../lib/uploader/upload-file';
import type { QueueEvents, QueueItem, RunUpload } from '../lib/queue-item';
import { UploadQueue } from '../lib/upload-queue';

const runUpload: RunUpload = (file, options, callbacks, signal) =>
  uploadFile(file, options, { api: httpUploadApi }, callbacks, signal);

/**
 * One queue per page, uploading through the real API; `events` see each finished or failed file.
 * While the browser is offline (`online` false) files waiting their turn wait instead of failing.
 */
export function useUploadQueue(
  events: QueueEvents,
  run: RunUpload = runUpload,
): { queue: UploadQueue; items: QueueItem[]; online: boolean } {
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });
  const [queue] = useState(
    () =>
      new UploadQueue(run, {
        onDone: (item) => eventsRef.current.onDone?.(item),
        onError: (item) => eventsRef.current.onError?.(item),
      }),
  );
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Leaving the page stops what is still running (big files stay resumable, as after a reload) and
  // what is still waiting. The release undoes StrictMode's rehearsal unmount in development.
  useEffect(() => {
    queue.release('paused');
    return () => queue.pauseAll();
  }, [queue]);
  const online = useOnline();
  useEffect(() => {
    if (online) queue.release('offline');
    else queue.hold('offline');
  }, [queue, online]);
  return { queue, items, online };
}
