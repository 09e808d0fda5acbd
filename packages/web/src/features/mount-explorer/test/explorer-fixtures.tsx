import { afterAll, beforeAll } from 'vitest';
import { mockApi, ok, type RecordedRequest } from '../../../test/http';
import { renderWithApp } from '../../../test/render';
import { MountExplorerPage } from '../components/mount-explorer-page';

/** A folder of the fake tree: its entries as `/api/fs/list` answers them (one page unless `pages` say so). */
export interface FakeFolder {
  virtual?: boolean;
  entries: { name: string; dir?: boolean; size?: number; mount?: boolean }[];
}

export function entryDto(folder: string, entry: FakeFolder['entries'][number]) {
  const path = `${folder === '/' ? '' : folder}/${entry.name}`;
  return {
    name: entry.name,
    path: entry.dir ? `${path}/` : path,
    isDirectory: entry.dir === true,
    size: entry.dir ? null : (entry.size ?? 10),
    modified: entry.dir ? null : '2026-01-02T03:04:05.000Z',
    type: 0,
    typeName: entry.dir ? 'folder' : 'text',
    ...(entry.mount ? { isMount: true, mountId: 'm1', storageType: 'LOCAL' } : {}),
  };
}

export const TREE: Record<string, FakeFolder> = {
  '/': { virtual: true, entries: [{ name: 'local', dir: true, mount: true }] },
  '/local': {
    entries: [
      { name: 'docs', dir: true },
      { name: 'team', dir: true },
      { name: 'readme.md', size: 5 },
    ],
  },
  '/local/docs': {
    entries: [{ name: 'a.txt' }, { name: 'b.txt' }, { name: 'c.txt' }, { name: 'd.txt' }, { name: 'sub', dir: true }],
  },
  '/local/docs/sub': { entries: [] },
  '/local/team': { entries: [{ name: 'plan.txt' }] },
};

export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.url, 'http://localhost').searchParams;
}

/** The explorer's reads over `tree`, plus any extra routes (writes) a test records. */
export function mockExplorerApi(
  tree: Record<string, FakeFolder> = TREE,
  extra: Parameters<typeof mockApi>[0] = {},
): RecordedRequest[] {
  return mockApi({
    'GET /api/fs/list': (request) => {
      const path = queryOf(request).get('path') ?? '/';
      const folder = tree[path];
      if (!folder)
        return new Response(JSON.stringify({ code: 404, error: 'NOT_FOUND', message: 'Not found' }), { status: 404 });
      return ok({
        path,
        isVirtual: folder.virtual === true,
        items: folder.entries.map((entry) => entryDto(path, entry)),
        nextCursor: null,
        hasMore: false,
      });
    },
    'GET /api/user/mounts': () => ok([{ id: 'm1', name: 'Local', mount_path: '/local' }]),
    ...extra,
  });
}

/** jsdom lays nothing out: give scroll containers a size so the virtualiser renders rows. */
export function withLaidOutElements(width = 1000, height = 800): void {
  const saved: (PropertyDescriptor | undefined)[] = [];
  beforeAll(() => {
    for (const [name, value] of [
      ['clientWidth', width],
      ['clientHeight', height],
      ['offsetWidth', width],
      ['offsetHeight', height],
    ] as const) {
      saved.push(Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => value });
    }
  });
  afterAll(() => {
    for (const [index, name] of ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'].entries()) {
      const descriptor = saved[index];
      // Most live on Element.prototype: dropping the stand-in uncovers them again.
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
      else Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  });
}

/** The explorer page at `route`, inside the app's providers and a router like the app's. */
export function renderExplorer(route = '/mount-explorer/local/docs') {
  return renderWithApp(<MountExplorerPage />, { route, path: '/mount-explorer/*' });
}
