import { useEffect, useRef, useState } from 'react';
import { focusElement } from '../../lib/focus';

/** How long a new page may take to show its heading (its data loading) before focus settles on `main`. */
const HEADING_WAIT_MS = 3000;
const FIELDS = 'input, textarea, select, [contenteditable="true"]';
/** A page part that keeps the keyboard itself across its own navigations (the mount explorer's panel). */
const KEEPS_FOCUS = '[data-keeps-focus]';

/**
 * After a client-side navigation (`navigationKey` changes: a new path, signing in or out) focus would stay
 * on a link that may be gone, i.e. on <body>. It goes to the new page's h1 (or `main` when the page has
 * none in time), unless the page has already put it in a field itself (an autofocused one) or in a part that
 * keeps the keyboard itself (`data-keeps-focus`: the explorer going into a folder by Enter), and the new
 * title is announced in a polite live region. The first render leaves focus where the browser put it.
 */
export function RouteFocus({ navigationKey, title }: { navigationKey: string; title: string }) {
  const [announcement, setAnnouncement] = useState('');
  const first = useRef(true);
  const titleRef = useRef(title);
  titleRef.current = title;

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const started = Date.now();
    let timer = 0;
    function settle() {
      const main = document.getElementById('main');
      if (!main) return;
      // A field the page focused itself (the login form's username) keeps it; a link that was clicked does not.
      const active = document.activeElement;
      if (active && main.contains(active) && (active.matches(FIELDS) || active.closest(KEEPS_FOCUS))) return;
      const heading = main.querySelector<HTMLElement>('h1');
      if (!heading && Date.now() - started < HEADING_WAIT_MS) {
        timer = window.setTimeout(settle, 50);
        return;
      }
      focusElement(heading ?? main);
    }
    timer = window.setTimeout(settle, 0);
    // The page's title is known after this render (the document title effect runs alongside).
    // Emptied first, so going between two pages of the same title is announced too.
    setAnnouncement('');
    const announce = window.setTimeout(() => setAnnouncement(titleRef.current), 100);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(announce);
    };
  }, [navigationKey]);

  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {announcement}
    </p>
  );
}
