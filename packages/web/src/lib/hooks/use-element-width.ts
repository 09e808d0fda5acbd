import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Tracks an element's width, for layouts that depend on the space a component actually gets
 * (the admin content area is narrower than the viewport when the sidebar shows).
 * Width 0 means "not measured" (e.g. no layout engine in tests).
 */
export function useElementWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const entry = entries[0];
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}
