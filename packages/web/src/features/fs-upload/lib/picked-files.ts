/** A file to upload and its place below the folder it was dropped or picked into (`a.txt`, `photos/2024/b.jpg`). */
export interface PickedFile {
  file: File;
  relativePath: string;
}

/** What a drop or a folder pick holds: its files, and its folders that hold none (made as empty folders). */
export interface PickedTree {
  files: PickedFile[];
  emptyFolders: string[];
}

/** Files of an `<input type="file">`, with the folder picker's relative paths (`webkitRelativePath`). */
export function pickedFromInput(files: FileList | File[]): PickedFile[] {
  return [...files].map((file) => ({ file, relativePath: file.webkitRelativePath || file.name }));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** Walks a dropped folder: every batch of `readEntries` (browsers hand out 100 at a time) until an empty one. */
async function walk(entry: FileSystemEntry, prefix: string, tree: PickedTree): Promise<void> {
  const path = prefix ? `${prefix}/${entry.name}` : entry.name;
  if (entry.isFile) {
    tree.files.push({ file: await fileOf(entry as FileSystemFileEntry), relativePath: path });
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  const before = tree.files.length;
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const child of batch) await walk(child, path, tree);
  }
  if (tree.files.length === before && !tree.emptyFolders.some((f) => f.startsWith(`${path}/`)))
    tree.emptyFolders.push(path);
}

/**
 * The files and folders of a drop (or a paste), whole folders included through
 * `DataTransferItem.webkitGetAsEntry`. The entries are taken at once (the list empties after the event);
 * reading them continues afterwards.
 */
export function takeDataTransfer(data: DataTransfer): Promise<PickedTree> {
  const items = [...((data.items as DataTransferItemList | undefined) ?? [])].filter((item) => item.kind === 'file');
  const entries = items.map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
  const loose = items.length === 0 ? [...data.files] : [];
  return (async () => {
    const tree: PickedTree = { files: loose.map((file) => ({ file, relativePath: file.name })), emptyFolders: [] };
    for (const { entry, file } of entries) {
      if (entry) await walk(entry, '', tree);
      else if (file) tree.files.push({ file, relativePath: file.name });
    }
    return tree;
  })();
}
