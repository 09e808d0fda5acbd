import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { httpUploadApi } from '../../../lib/uploader/upload-api';
import { uploadFile } from '../../../lib/uploader/upload-file';
import { UploadQueue, type QueueItem, type RunUpload } from '../lib/upload-queue';

const runUpload: RunUpload = (file, options, callbacks, signal) => uploadFile(file, options, { api: httpUploadApi }, callbacks, signal);

/** One queue per page, uploading through the real API; `onDone` sees each finished file. */
export function useUploadQueue(onDone: (item: QueueItem) => void, run: RunUpload = runUpload): { queue: UploadQueue; items: QueueItem[] } {
  const doneRef = useRef(onDone);
  useEffect(() => {
    doneRef.current = onDone;
  });
  const [queue] = useState(() => new UploadQueue(run, (item) => doneRef.current(item)));
  const items = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  // Leaving the page stops what is still running; big files stay resumable, as after a reload.
  useEffect(() => () => queue.pauseAll(), [queue]);
  return { queue, items };
}
