import { useEffect, useRef, useState } from 'react';
import { readStorage, removeStorage, tryWriteStorage } from '../../../lib/storage';

/** Where the editor's draft lives between visits. */
export const DRAFT_STORAGE_KEY = 'driftbox-paste-draft';
/** Autosave waits for a pause in typing (the original's 1 s debounce). */
export const DRAFT_DEBOUNCE_MS = 1000;

/** `pending` while a save is scheduled; `failed` when the browser refused (quota, private mode). */
export type DraftStatus = 'idle' | 'pending' | 'saved' | 'failed';

/**
 * The editor's text, restored from localStorage and saved back 1 s after the last change.
 * An empty editor removes the stored draft.
 */
export function useDraft() {
  const [content, setContent] = useState(() => readStorage(DRAFT_STORAGE_KEY) ?? '');
  const [status, setStatus] = useState<DraftStatus>(() => (content ? 'saved' : 'idle'));
  const dirty = useRef(false);

  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => {
      dirty.current = false;
      if (content === '') {
        removeStorage(DRAFT_STORAGE_KEY);
        setStatus('idle');
        return;
      }
      setStatus(tryWriteStorage(DRAFT_STORAGE_KEY, content) ? 'saved' : 'failed');
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content]);

  return {
    content,
    status,
    /** A change from the editor (or an imported file): saved after the debounce. */
    update(next: string) {
      if (next === content) return;
      dirty.current = true;
      setContent(next);
      setStatus('pending');
    },
    /** Empties the editor and forgets the stored draft at once. */
    clear() {
      dirty.current = false;
      removeStorage(DRAFT_STORAGE_KEY);
      setContent('');
      setStatus('idle');
    },
    /** The text is now saved on the server: the local copy is no longer needed. */
    discard() {
      dirty.current = false;
      removeStorage(DRAFT_STORAGE_KEY);
      setStatus('idle');
    },
  };
}
