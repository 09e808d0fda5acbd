import { useEffect } from 'react';

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
      const files = [...(event.dataTransfer?.files ?? [])];
      if (enabled && files.length > 0) onFiles(files);
    }
    window.addEventListener('dragover', onDragOver);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onDragOver);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFiles, enabled]);
}
