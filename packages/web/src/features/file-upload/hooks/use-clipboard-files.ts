import { useEffect } from 'react';
import { namePastedFiles } from '../lib/pasted-name';

/**
 * Files pasted anywhere on the page (Ctrl+V of a screenshot or copied files) go to `onFiles`, a
 * screenshot named after the moment of the paste.
 */
export function useClipboardFiles(onFiles: (files: File[]) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    function onPaste(event: ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return; // plain text pastes into fields as usual
      event.preventDefault();
      onFiles(namePastedFiles(files));
    }
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onFiles, enabled]);
}
