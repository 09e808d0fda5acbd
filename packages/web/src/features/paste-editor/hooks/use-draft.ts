import { useEffect, useRef, useState } from 'react';
import { readStorage, removeStorage, tryWriteStorage } from '../../../lib/browser-storage';

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
  const latest = useRef(content);
  useEffect(() => {
    latest.current = content;
  });

  useEffect(() => {
    if (!dirty.current) return;
    // Sent (or cleared) within the debounce: `discard`/`clear` reset `dirty`, and the text is not saved back.
    const timer = setTimeout(() => {
      if (dirty.current) setStatus(save(dirty, latest.current));
    }, DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [content]);

  // Leaving within the debounce (another page of the app, a closed tab) saves at once instead of
  // dropping the last second of typing.
  useEffect(() => {
    const flush = () => {
      if (dirty.current) save(dirty, latest.current);
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);

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
    /**
     * The text is now saved on the server: the local copy is no longer needed — unless the editor
     * changed since `sent` went (typed while it was being sent), which stays a draft.
     */
    discard(sent?: string) {
      if (sent !== undefined && latest.current !== sent) return;
      dirty.current = false;
      removeStorage(DRAFT_STORAGE_KEY);
      setStatus('idle');
    },
  };
}

/** Writes `text` as the draft now (an empty one removes it) and says how that went. */
function save(dirty: { current: boolean }, text: string): DraftStatus {
  dirty.current = false;
  if (text === '') {
    removeStorage(DRAFT_STORAGE_KEY);
    return 'idle';
  }
  return tryWriteStorage(DRAFT_STORAGE_KEY, text) ? 'saved' : 'failed';
}
