import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAdminSession } from '../../../lib/auth/auth-store';
import { fail, mockApi, ok, type RecordedRequest } from '../../../test/http';
import { entryDto, queryOf, renderExplorer, TREE, withLaidOutElements } from '../test/explorer-fixtures';

// A short list (6 rows on screen): a page of 25 reaches well past what the list asks for before scrolling.
withLaidOutElements(1000, 300);

// jsdom has no Element.scrollTo (the virtualiser scrolls through it) and no scrollHeight (it clamps to it):
// stand-ins that move scrollTop and say so, over content far taller than the folder.
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => 100_000 });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    if (typeof options === 'object' && options.top !== undefined) this.scrollTop = options.top;
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
});
afterAll(() => {
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollTo');
  Reflect.deleteProperty(HTMLElement.prototype, 'scrollHeight');
});

beforeEach(() => {
  startAdminSession('tok');
  localStorage.removeItem('explorer_prefs:admin');
});

const PAGE = 25;
/** `/local/big`: three pages of 25 files in key order; the largest file is on the last page. */
const pageOf = (index: number) =>
  Array.from({ length: PAGE }, (_, i) => {
    const n = index * PAGE + i;
    const name = `f${String(n).padStart(3, '0')}.txt`;
    return entryDto('/local/big', { name, size: name === 'f065.txt' ? 999_999 : 100 + n });
  });

interface Gate {
  open(): void;
  requests: RecordedRequest[];
}

/** The big folder's pages; a page whose cursor is in `held` waits until its gate opens (or its request aborts). */
function mockBigFolder(held: string[] = [], failing: string[] = []) {
  const gates = new Map<string, Gate & { promise: Promise<void> }>();
  for (const cursor of held) {
    let open = () => undefined as void;
    const promise = new Promise<void>((resolve) => (open = resolve));
    gates.set(cursor, { open, promise, requests: [] });
  }
  const requests = mockApi({
    'GET /api/fs/list': async (request) => {
      const query = queryOf(request);
      const path = query.get('path') ?? '/';
      if (path !== '/local/big') {
        const folder = TREE[path] ?? { entries: [] };
        return ok({ path, items: folder.entries.map((e) => entryDto(path, e)), nextCursor: null, hasMore: false });
      }
      const cursor = query.get('cursor') ?? 'p1';
      if (failing.includes(cursor)) return fail(503, 'STORAGE_UNAVAILABLE', 'Storage is down');
      const gate = gates.get(cursor);
      if (gate) {
        gate.requests.push(request);
        await Promise.race([
          gate.promise,
          new Promise((_, reject) =>
            request.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
          ),
        ]);
      }
      const index = Number(cursor.slice(1)) - 1;
      const nextCursor = index < 2 ? `p${index + 2}` : null;
      return ok({ path, items: pageOf(index), nextCursor, hasMore: nextCursor !== null });
    },
    'GET /api/user/mounts': () => ok([{ id: 'm1', name: 'Local', mount_path: '/local' }]),
  });
  const gate = (cursor: string) => gates.get(cursor) as Gate;
  const pagesAsked = () =>
    requests.filter((r) => queryOf(r).get('path') === '/local/big').map((r) => queryOf(r).get('cursor') ?? 'p1');
  return { gate, pagesAsked };
}

const list = () => screen.getByRole('listbox', { name: 'Entries of /local/big' });
const firstNames = (count: number) =>
  within(list())
    .getAllByRole('option')
    .slice(0, count)
    .map((option) => option.getAttribute('data-path')?.split('/').pop());

/** Where an entry's row is in the list's viewport (rows are absolutely placed in the scrolled content). */
function onScreenTop(name: string): number {
  const row = within(list()).getByRole('option', { name: new RegExp(name.replace('.', '\\.')) }).parentElement;
  return Number.parseFloat(row?.style.top ?? 'NaN') - list().scrollTop;
}

/** Size, descending, as the list's column head leaves it after two clicks (remembered per user). */
function sortBySizeDescending() {
  localStorage.setItem(
    'explorer_prefs:admin',
    JSON.stringify({ view: 'list', sort: { key: 'size', direction: 'desc' } }),
  );
  return userEvent.setup();
}

describe('mount explorer sorting of a folder of several pages', () => {
  it('in name order, loads the next page only as the list is scrolled', async () => {
    const { pagesAsked } = mockBigFolder();
    renderExplorer('/mount-explorer/local/big');
    await within(await screen.findByRole('listbox')).findByRole('option', { name: /f000\.txt/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesAsked()).toEqual(['p1']);
    expect(screen.queryByText(/Sorting all entries/)).toBeNull();
  });

  it('by size descending, loads the rest in the background with a note; the largest, from the last page, comes first', async () => {
    const { gate, pagesAsked } = mockBigFolder(['p3']);
    const user = sortBySizeDescending();
    renderExplorer('/mount-explorer/local/big');
    // Two pages in, the third on its way: the order is not final and the note says so.
    const note = await screen.findByText('Sorting all entries — 50 loaded so far…');
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(firstNames(1)).toEqual(['f049.txt']);
    await user.click(within(list()).getByRole('option', { name: /f048\.txt/ }));
    expect(onScreenTop('f048.txt')).toBe(52);

    gate('p3').open();
    await waitFor(() => expect(screen.queryByText(/Sorting all entries/)).toBeNull());
    expect(pagesAsked()).toEqual(['p1', 'p2', 'p3']);
    // The entry picked while the order was still changing is still the one selected, in the same place on
    // screen (the list scrolled by the rows that came in above it).
    const selected = within(list()).getAllByRole('option', { selected: true });
    expect(selected.map((option) => option.getAttribute('data-path'))).toEqual(['/local/big/f048.txt']);
    expect(list().getAttribute('aria-activedescendant')).toBe(selected[0]?.id);
    expect(onScreenTop('f048.txt')).toBe(52);
    list().scrollTo({ top: 0 });
    await waitFor(() => expect(firstNames(3)).toEqual(['f065.txt', 'f074.txt', 'f073.txt']));
  });

  it('cancels the page in flight when the user leaves the folder', async () => {
    const { gate, pagesAsked } = mockBigFolder(['p2']);
    const user = sortBySizeDescending();
    const { router } = renderExplorer('/mount-explorer/local/big');
    await waitFor(() => expect(gate('p2').requests).toHaveLength(1));
    list().focus();
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mount-explorer/local'));
    await waitFor(() => expect(gate('p2').requests[0]?.signal?.aborted).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesAsked()).toEqual(['p1', 'p2']);
  });

  it('says when the rest of the folder could not be loaded, and tries again on request', async () => {
    const failing = ['p2'];
    const { pagesAsked } = mockBigFolder([], failing);
    const user = sortBySizeDescending();
    renderExplorer('/mount-explorer/local/big');
    expect(await screen.findByText(/Could not load the whole folder \(25 entries loaded\)/)).toBeInTheDocument();
    // The entries loaded stay on screen.
    expect(firstNames(1)).toEqual(['f024.txt']);
    failing.length = 0;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(firstNames(1)).toEqual(['f065.txt']));
    expect(pagesAsked().slice(-2)).toEqual(['p2', 'p3']);
  });
});
