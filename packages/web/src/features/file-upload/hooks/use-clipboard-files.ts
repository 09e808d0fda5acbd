import { useEffect } from 'react';

/** Files pasted anywhere on the page (Ctrl+V of a screenshot or copied files) go to `onFiles`. */
export function useClipboardFiles(onFiles: (files: File[]) => void, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    function onPaste(event: ClipboardEvent) {
      const files = [...(event.clipboardData?.files ?? [])];
      if (files.length === 0) return; // plain text pastes into fields as usual
      event.preventDefault();
      onFiles(files);
    }
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [onFiles, enabled]);
}
