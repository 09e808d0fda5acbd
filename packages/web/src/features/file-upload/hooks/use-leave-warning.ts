import { useEffect } from 'react';

/** While `active`, closing or reloading the tab asks first (the browser words the question). */
export function useLeaveWarning(active: boolean): void {
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
}
