import { useCallback, useSyncExternalStore } from 'react';

/** True while the CSS media query matches; false where matchMedia is missing (tests, very old browsers). */
export function useMediaQuery(query: string): boolean {
  // Stable per query: a new subscribe function would make React re-subscribe on every render.
  const subscribe = useCallback(
    (listener: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', listener);
      return () => list.removeEventListener('change', listener);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Tailwind's `lg` breakpoint: wide enough for the editor and its preview side by side. */
export const WIDE_QUERY = '(min-width: 1024px)';
