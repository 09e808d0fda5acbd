import { toast } from '../../../components/ui/toaster';
import { i18n } from '../../../lib/site/i18n';

/** A drop's files and the names of its folders (which arrive as a File the browser cannot read). */
function splitDrop(data: DataTransfer): { files: File[]; folders: string[] } {
  // Without the item list (old browsers, synthetic events) the file list is all there is.
  const items = [...((data.items as DataTransferItemList | undefined) ?? [])].filter((item) => item.kind === 'file');
  if (items.length === 0) return { files: [...data.files], folders: [] };
  const files: File[] = [];
  const folders: string[] = [];
  for (const item of items) {
    const entry = item.webkitGetAsEntry?.();
    const file = item.getAsFile();
    if (entry?.isDirectory) folders.push(entry.name);
    else if (file) files.push(file);
  }
  return { files, folders };
}

/**
 * The files of a drop, to upload; folders are left out with a warning, since a share is one file and a
 * folder's File fails as soon as it is read. Must run inside the drop event (the items empty after it).
 */
export function takeDroppedFiles(data: DataTransfer): File[] {
  const { files, folders } = splitDrop(data);
  if (folders.length > 0)
    toast.warning(i18n.t('upload.drop.folders', { count: folders.length, names: folders.join(', ') }));
  return files;
}
