import { describe, expect, it } from 'vitest';
import { entryActions, folderActions } from './actions';
import type { ExplorerEntry } from './fs-entry';
import { basePathRedirect, crumbsOf, explorerUrl, pathFromSplat } from './paths';
import {
  afterRemoval,
  clickEntry,
  EMPTY_SELECTION,
  entryTowards,
  moveFocus,
  pruneSelection,
  selectOnly,
} from './selection';
import { sortEntries } from './sort';
import { Permission } from '@driftbox/contract';

const entry = (name: string, extra: Partial<ExplorerEntry> = {}): ExplorerEntry => ({
  path: `/m/${name}`,
  name,
  isDirectory: false,
  size: 1,
  modified: null,
  typeName: 'text',
  isVirtual: false,
  isMount: false,
  ...extra,
});

describe('paths', () => {
  it('round-trips explorer URLs with encoded segments', () => {
    expect(explorerUrl('/local/a b/ü#1')).toBe('/mount-explorer/local/a%20b/%C3%BC%231');
    expect(pathFromSplat('local/a b/')).toBe('/local/a b');
    expect(pathFromSplat('../etc')).toBe('/');
    expect(crumbsOf('/a/b').map((c) => c.path)).toEqual(['/', '/a', '/a/b']);
  });

  it('sends a key outside its base path to it; ancestors only when walked up to', () => {
    expect(basePathRedirect('/', '/local/team', false)).toBe('/local/team');
    expect(basePathRedirect('/local/docs', '/local/team', true)).toBe('/local/team');
    expect(basePathRedirect('/local/teams', '/local/team', false)).toBe('/local/team');
    expect(basePathRedirect('/local', '/local/team', true)).toBeNull();
    expect(basePathRedirect('/local/team/x', '/local/team', false)).toBeNull();
    expect(basePathRedirect('/anything', '/', false)).toBeNull();
    expect(basePathRedirect('/anything', null, false)).toBeNull();
  });
});

describe('sort', () => {
  it('keeps folders first in both directions and sorts names naturally', () => {
    const list = [entry('b10'), entry('z', { isDirectory: true }), entry('b2'), entry('a', { isDirectory: true })];
    expect(sortEntries(list, { key: 'name', direction: 'asc' }).map((e) => e.name)).toEqual(['a', 'z', 'b2', 'b10']);
    expect(sortEntries(list, { key: 'name', direction: 'desc' }).map((e) => e.name)).toEqual(['z', 'a', 'b10', 'b2']);
  });

  it('sorts by size, modified and type', () => {
    const list = [entry('x.txt', { size: 30 }), entry('y.png', { size: 10 }), entry('w.md', { size: 20 })];
    expect(sortEntries(list, { key: 'size', direction: 'asc' }).map((e) => e.name)).toEqual(['y.png', 'w.md', 'x.txt']);
    expect(sortEntries(list, { key: 'type', direction: 'asc' }).map((e) => e.name)).toEqual(['w.md', 'y.png', 'x.txt']);
    const dated = [
      entry('old', { modified: '2020-01-01T00:00:00Z' }),
      entry('new', { modified: '2026-01-01T00:00:00Z' }),
    ];
    expect(sortEntries(dated, { key: 'modified', direction: 'desc' }).map((e) => e.name)).toEqual(['new', 'old']);
  });
});

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd'];
  it('ranges from the anchor in either direction and keeps the anchor', () => {
    let state = clickEntry(EMPTY_SELECTION, order, 'c');
    state = clickEntry(state, order, 'a', { range: true });
    expect([...state.selected]).toEqual(['a', 'b', 'c']);
    state = clickEntry(state, order, 'd', { range: true });
    expect([...state.selected]).toEqual(['c', 'd']);
  });

  it('stops the focus at the ends and drops entries no longer shown', () => {
    let state = moveFocus(EMPTY_SELECTION, order, -1, false);
    expect(state.focus).toBe('d');
    state = moveFocus(state, order, 5, false);
    expect(state.focus).toBe('d');
    state = pruneSelection(state, ['a', 'b']);
    expect(state).toEqual({ selected: new Set(), anchor: null, focus: null });
  });
});

describe('where the keyboard lands', () => {
  it('after a removal: the entry now in the place of the first removed, else the one before, else nothing', () => {
    const order = ['/m/a', '/m/b', '/m/c', '/m/d'];
    expect(afterRemoval(order, ['/m/b', '/m/c'])).toEqual(selectOnly('/m/d'));
    expect(afterRemoval(order, ['/m/d'])).toEqual(selectOnly('/m/c'));
    expect(afterRemoval(order, order)).toEqual(EMPTY_SELECTION);
    expect(afterRemoval(order, ['/m/x'])).toEqual(EMPTY_SELECTION);
  });
  it('coming up: the entry on the way to the folder one came from', () => {
    expect(entryTowards('/m', '/m/docs')).toBe('/m/docs');
    expect(entryTowards('/', '/m/docs/deep')).toBe('/m');
    expect(entryTowards('/m', '/m')).toBeNull();
    expect(entryTowards('/m', '/mx/docs')).toBeNull();
    expect(entryTowards('/m', undefined)).toBeNull();
  });
});

describe('actions by bits', () => {
  it('shows only what the bits allow, and nothing but open for mounts', () => {
    const file = entry('f');
    expect(entryActions(Permission.MOUNT_VIEW, [file])).toEqual(['open', 'download', 'copyLink', 'share', 'basket']);
    expect(entryActions(Permission.MOUNT_DELETE | Permission.MOUNT_COPY, [file, entry('g')])).toEqual([
      'copy',
      'delete',
    ]);
    expect(entryActions(~0, [entry('m', { isDirectory: true, isVirtual: true, isMount: true })])).toEqual(['open']);
    expect(folderActions(Permission.MOUNT_UPLOAD, true)).toEqual(['newFolder', 'upload']);
    expect(folderActions(Permission.MOUNT_UPLOAD, false)).toEqual([]);
    expect(folderActions(Permission.MOUNT_VIEW, true)).toEqual([]);
  });
});
