import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { BASKET_MAX_ITEMS, BASKET_STORAGE_KEY, basketStore, parentOf, useBasket } from './basket-store';

beforeEach(() => {
  basketStore.clear();
  window.localStorage.clear();
});

describe('file basket', () => {
  it('adds each path once, fills folder and time, and keeps it in localStorage', () => {
    const { result } = renderHook(() => useBasket());
    act(() => {
      expect(
        result.current.add([
          { path: '/local/a/x.txt', name: 'x.txt', size: 10 },
          { path: '/s3/b/y.bin', name: 'y.bin', size: 5 },
        ]),
      ).toBe(2);
    });
    act(() => {
      expect(result.current.add([{ path: '/local/a/x.txt', name: 'x.txt', size: 10 }])).toBe(0);
    });
    expect(result.current.items.map((i) => [i.path, i.directory])).toEqual([
      ['/local/a/x.txt', '/local/a'],
      ['/s3/b/y.bin', '/s3/b'],
    ]);
    expect(result.current.totalSize).toBe(15);
    expect(result.current.items[0]?.addedAt).toMatch(/^\d{4}-/);
    const stored = JSON.parse(window.localStorage.getItem(BASKET_STORAGE_KEY) ?? '[]') as unknown[];
    expect(stored).toHaveLength(2);

    act(() => result.current.remove('/local/a/x.txt'));
    expect(result.current.items.map((i) => i.path)).toEqual(['/s3/b/y.bin']);
    act(() => result.current.clear());
    expect(result.current.items).toEqual([]);
  });

  it('reads what another tab wrote and ignores a damaged value', () => {
    const { result } = renderHook(() => useBasket());
    const entry = { path: '/a/z', name: 'z', size: 1, isDirectory: false, directory: '/a', addedAt: 'x' };
    act(() => {
      window.localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify([entry]));
      window.dispatchEvent(new StorageEvent('storage', { key: BASKET_STORAGE_KEY }));
    });
    expect(result.current.items).toEqual([entry]);
    act(() => {
      window.localStorage.setItem(BASKET_STORAGE_KEY, '{"not":"a list"}');
      window.dispatchEvent(new StorageEvent('storage', { key: BASKET_STORAGE_KEY }));
    });
    expect(result.current.items).toEqual([]);
  });

  it('stops at the archive limit and finds parent folders', () => {
    const many = Array.from({ length: BASKET_MAX_ITEMS + 5 }, (_, i) => ({ path: `/m/${i}`, name: `${i}`, size: 1 }));
    expect(basketStore.add(many)).toBe(BASKET_MAX_ITEMS);
    expect(parentOf('/a.txt')).toBe('/');
    expect(parentOf('/m/a/b/')).toBe('/m/a');
  });
});
