import { useEffect, useRef, useState, type DragEvent } from 'react';
import { fsUploads, type FsUploadStore } from '../lib/fs-upload-store';
import { takeDataTransfer } from '../lib/picked-files';

function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

export interface FsDropZone {
  /** Files are being dragged over the zone: show the drop overlay. */
  dragging: boolean;
  /** Spread on the element that takes drops (the explorer's folder view). */
  dropZoneProps: {
    onDragEnter: (event: DragEvent) => void;
    onDragOver: (event: DragEvent) => void;
    onDragLeave: (event: DragEvent) => void;
    onDrop: (event: DragEvent) => void;
  };
}

/**
 * Drops of files and whole folders (walked through `webkitGetAsEntry`) on the zone, and files pasted
 * anywhere on the page (Ctrl+V of copied files or a screenshot), go into `currentPath` through the
 * upload queue. `enabled: false` (no upload bit, a virtual folder) refuses them.
 */
export function useFsDropZone(
  currentPath: string,
  { enabled = true, store = fsUploads }: { enabled?: boolean; store?: FsUploadStore } = {},
): FsDropZone {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: counted, so the overlay does not flicker.
  const depth = useRef(0);

  useEffect(() => {
    if (!enabled) return;
    function onPaste(event: ClipboardEvent) {
      const data = event.clipboardData;
      if (!data || data.files.length === 0) return; // plain text pastes into fields as usual
      event.preventDefault();
      void takeDataTransfer(data).then((tree) => store.add(currentPath, tree.files, tree.emptyFolders));
    }
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [currentPath, enabled, store]);

  return {
    dragging,
    dropZoneProps: {
      onDragEnter(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      },
      onDragOver(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = enabled ? 'copy' : 'none';
      },
      onDragLeave(event) {
        if (!carriesFiles(event)) return;
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      },
      onDrop(event) {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        depth.current = 0;
        setDragging(false);
        if (!enabled) return;
        void takeDataTransfer(event.dataTransfer).then((tree) => store.add(currentPath, tree.files, tree.emptyFolders));
      },
    },
  };
}
