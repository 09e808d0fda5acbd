import { describe, expect, it } from 'vitest';
import { createMountTable } from './mount-table.js';
import type { VfsMount } from './vfs-types.js';

const mount = (path: string): VfsMount => ({
  id: `m${path}`,
  path,
  storageConfigId: 'local',
  storageType: 'LOCAL',
  keyUsable: true,
  cacheTtl: 300,
  webProxy: false,
  enableSign: false,
  signExpires: null,
  webdavPolicy: '302_redirect',
});
const names = (entries: { name: string; mount: VfsMount | null }[]) =>
  entries.map((e) => `${e.name}${e.mount ? ` (mount ${e.mount.path})` : ''}`);

describe('mount table: virtual path → mount and object key', () => {
  const table = createMountTable([mount('/a/b'), mount('/a/c'), mount('/x'), mount('/x/y/z'), mount('/照片')]);

  it('maps a path in a mount to the key under the mount root', () => {
    expect(table.resolve('/a/b')).toMatchObject({ kind: 'mount', mount: { path: '/a/b' }, key: '' });
    expect(table.resolve('/a/b/2024/p.jpg')).toMatchObject({ mount: { path: '/a/b' }, key: '2024/p.jpg' });
    expect(table.resolve('/照片/家')).toMatchObject({ mount: { path: '/照片' }, key: '家' });
  });

  it('lets the longest matching mount win (nested mounts), by whole segments only', () => {
    expect(table.resolve('/x/y')).toMatchObject({ mount: { path: '/x' }, key: 'y' });
    expect(table.resolve('/x/y/z')).toMatchObject({ mount: { path: '/x/y/z' }, key: '' });
    expect(table.resolve('/x/y/z/f.txt')).toMatchObject({ mount: { path: '/x/y/z' }, key: 'f.txt' });
    expect(table.resolve('/x/y/zz')).toMatchObject({ mount: { path: '/x' }, key: 'y/zz' });
    expect(table.resolve('/xx')).toBeNull();
  });

  it('lists the root and the folders between mounts as virtual folders', () => {
    const root = table.resolve('/');
    expect(root?.kind).toBe('virtual');
    expect(names(root!.children)).toEqual(['a', 'x (mount /x)', '照片 (mount /照片)']);
    const a = table.resolve('/a');
    expect(a).toMatchObject({ kind: 'virtual', path: '/a' });
    expect(names(a!.children)).toEqual(['b (mount /a/b)', 'c (mount /a/c)']);
    expect(a!.children.map((e) => e.path)).toEqual(['/a/b', '/a/c']);
  });

  it('adds the entries of deeper mounts to a listing inside a mount', () => {
    expect(names(table.resolve('/x')!.children)).toEqual(['y']);
    expect(names(table.resolve('/x/y')!.children)).toEqual(['z (mount /x/y/z)']);
    expect(table.resolve('/a/b')!.children).toEqual([]);
  });

  it('knows no other path', () => {
    expect(table.resolve('/nowhere')).toBeNull();
    expect(table.resolve('/a/d')).toBeNull();
    expect(createMountTable([]).resolve('/')).toEqual({ kind: 'virtual', path: '/', children: [] });
    expect(createMountTable([]).resolve('/a')).toBeNull();
  });
});
