import { useLayoutEffect, type RefObject } from 'react';

/**
 * A bar stuck to the bottom of the window would cover what Tab moves focus to (WCAG 2.4.11). While the bar
 * is shown, its height (plus `gap`, the space under it) is the page's bottom scroll padding (`--sticky-bottom`
 * in index.css), so the browser scrolls a focused field above it.
 */
export function useStickyBottomInset(ref: RefObject<HTMLElement | null>, gap = 0, enabled = true): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--sticky-bottom', `${element.offsetHeight + gap}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--sticky-bottom');
    };
  }, [ref, gap, enabled]);
}
