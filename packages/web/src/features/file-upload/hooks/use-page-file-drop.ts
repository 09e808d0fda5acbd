import { useEffect } from 'react';
import { takeDroppedFiles } from '../lib/dropped-files';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Files dropped anywhere on the page, outside the drop zone, go to `onFiles` (or nowhere while
 * disabled), never to the browser, which would open the file in place of the page and its uploads.
 */
export function usePageFileDrop(onFiles: (files: File[]) => void, enabled: boolean): void {
  useEffect(() => {
    function onDragOver(event: DragEvent) {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
    }
    function onDrop(event: DragEvent) {
      // The drop zone already took these (it prevents the default first).
      if (!carriesFiles(event) || event.defaultPrevented) return;
      event.preventDefault();
      if (!enabled || !event.dataTransfer) return;
      const files = takeDroppedFiles(event.dataTransfer);
      if (files.length > 0) onFiles(files);
    }
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFiles, enabled]);
}
