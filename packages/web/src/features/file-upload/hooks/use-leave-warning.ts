import { useEffect } from 'react';
import { useBlocker, type Blocker } from 'react-router';

/**
 * While `active`, leaving the page asks first: closing or reloading the tab (the browser words the
 * question) and in-app navigation to another page, which the returned blocker holds (`blocked`) until
 * the page's own dialog proceeds or resets it.
 */
export function useLeaveWarning(active: boolean): Blocker {
  useEffect(() => {
    if (!active) return;
    function onBeforeUnload(event: BeforeUnloadEvent) {
      event.preventDefault();
      // Older Safari and Firefox ask only when returnValue is set.
      event.returnValue = true;
    }
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [active]);
  // Another query string or hash keeps the page (and its uploads) mounted: only a new path leaves.
  return useBlocker(
    ({ currentLocation, nextLocation }) => active && currentLocation.pathname !== nextLocation.pathname,
  );
}
