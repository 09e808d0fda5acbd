import { useCallback, useState } from 'react';
import { useAuth } from '../../../lib/auth/auth-store';
import { readPrefs, writePrefs, type ViewPrefs } from '../lib/view-prefs';

/** The view and sort order, remembered per user in this browser. */
export function useViewPrefs(): [ViewPrefs, (next: Partial<ViewPrefs>) => void] {
  const auth = useAuth();
  const [state, setState] = useState(() => ({ auth, prefs: readPrefs(auth) }));
  // A different user signed in: their own preferences.
  const current = state.auth === auth ? state : { auth, prefs: readPrefs(auth) };
  if (current !== state) setState(current);
  const update = useCallback(
    (next: Partial<ViewPrefs>) =>
      setState((previous) => {
        const prefs = { ...previous.prefs, ...next };
        writePrefs(previous.auth, prefs);
        return { ...previous, prefs };
      }),
    [],
  );
  return [current.prefs, update];
}
