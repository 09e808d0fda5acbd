import { describe, expect, it } from 'vitest';
import { pickedFromInput, takeDataTransfer } from './picked-files';

type Node = { name: string; children?: Node[] };

/** A FileSystemEntry tree as Chromium hands it over: directory readers give at most `batch` entries per call. */
function entryOf(node: Node, batch = 2): FileSystemEntry {
  if (!node.children) {
    return {
      name: node.name,
      isFile: true,
      isDirectory: false,
      file: (ok: (file: File) => void) => ok(new File(['x'], node.name)),
    } as unknown as FileSystemEntry;
  }
  const children = node.children;
  return {
    name: node.name,
    isFile: false,
    isDirectory: true,
    createReader: () => {
      let at = 0;
      return {
        readEntries: (ok: (entries: FileSystemEntry[]) => void) => {
          const slice = children.slice(at, at + batch).map((c) => entryOf(c, batch));
          at += batch;
          setTimeout(() => ok(slice), 0);
        },
      };
    },
  } as unknown as FileSystemEntry;
}

function transfer(nodes: Node[]): DataTransfer {
  const items = nodes.map((node) => ({
    kind: 'file',
    webkitGetAsEntry: () => entryOf(node),
    getAsFile: () => (node.children ? null : new File(['x'], node.name)),
  }));
  return { items, files: [] } as unknown as DataTransfer;
}

describe('takeDataTransfer', () => {
  it('walks dropped folders through every reader batch, keeping paths, and notes empty folders', async () => {
    const tree = await takeDataTransfer(
      transfer([
        { name: 'loose.txt' },
        {
          name: 'album',
          children: [
            { name: '1.jpg' },
            { name: '2.jpg' },
            { name: '3.jpg' },
            { name: 'deep', children: [{ name: '4.jpg' }] },
            { name: 'empty', children: [] },
          ],
        },
      ]),
    );
    expect(tree.files.map((f) => f.relativePath)).toEqual([
      'loose.txt',
      'album/1.jpg',
      'album/2.jpg',
      'album/3.jpg',
      'album/deep/4.jpg',
    ]);
    expect(tree.emptyFolders).toEqual(['album/empty']);
  });

  it('takes plain files where the browser gives no entries', async () => {
    const file = new File(['x'], 'shot.png');
    const tree = await takeDataTransfer({ items: [], files: [file] } as unknown as DataTransfer);
    expect(tree.files).toEqual([{ file, relativePath: 'shot.png' }]);
  });
});

describe('pickedFromInput', () => {
  it('keeps the folder picker’s relative paths', () => {
    const file = new File(['x'], 'a.txt');
    Object.defineProperty(file, 'webkitRelativePath', { value: 'docs/a.txt' });
    expect(pickedFromInput([file, new File(['y'], 'b.txt')]).map((p) => p.relativePath)).toEqual([
      'docs/a.txt',
      'b.txt',
    ]);
  });
});
