import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_DEBOUNCE_MS, DRAFT_STORAGE_KEY, useDraft } from './use-draft';

describe('the editor draft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('saves after the debounce', () => {
    const { result } = renderHook(() => useDraft());
    act(() => result.current.update('# Notes'));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBe('# Notes');
  });

  it('is not saved back by the pending debounce once sent within it (created, or queued offline)', () => {
    const { result } = renderHook(() => useDraft());
    act(() => result.current.update('# Written on a train'));
    act(() => result.current.discard('# Written on a train'));
    act(() => vi.advanceTimersByTime(DRAFT_DEBOUNCE_MS * 2));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });
});
