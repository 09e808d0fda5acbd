import { describe, expect, it } from 'vitest';
import type { VfsMount } from '../../vfs/vfs-types.js';
import { foldersOf } from './fs-search.indexer.js';
import { likeLiteral } from './fs-search.repository.js';
import { filtersFor } from './fs-search.service.js';

const mount = (path: string): VfsMount => ({
  id: path,
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

describe('search rules', () => {
  const mounts = [mount('/a'), mount('/a/b/c'), mount('/ab'), mount('/x')];

  it('searches each mount at or below the root whole, the one holding it below a prefix, minus deeper mounts', () => {
    expect(filtersFor(mounts, mounts, '/')).toEqual([
      { mountId: '/a', prefix: null, exclude: ['/b/c'] },
      { mountId: '/a/b/c', prefix: null, exclude: [] },
      { mountId: '/ab', prefix: null, exclude: [] },
      { mountId: '/x', prefix: null, exclude: [] },
    ]);
    // A sibling sharing the root's prefix (/ab for /a) is not below it.
    expect(filtersFor(mounts, mounts, '/a').map((f) => f.mountId)).toEqual(['/a', '/a/b/c']);
    expect(filtersFor(mounts, mounts, '/a/b')).toEqual([
      { mountId: '/a', prefix: '/b', exclude: ['/b/c'] },
      { mountId: '/a/b/c', prefix: null, exclude: [] },
    ]);
    expect(filtersFor(mounts, mounts, '/a/b/c/d')).toEqual([{ mountId: '/a/b/c', prefix: '/d', exclude: [] }]);
    expect(filtersFor(mounts, mounts, '/a/b/c')).toEqual([{ mountId: '/a/b/c', prefix: null, exclude: [] }]);
    expect(filtersFor(mounts, [mounts[3]!], '/a')).toEqual([]);
  });

  it('names the folders of a path, outermost first; escapes LIKE wildcards', () => {
    expect(foldersOf('/a/b/c.txt')).toEqual(['/a', '/a/b']);
    expect(foldersOf('/c.txt')).toEqual([]);
    expect(likeLiteral('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});
