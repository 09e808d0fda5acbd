import { useEffect, useState } from 'react';

/** The longest delay setTimeout keeps (about 24.8 days); a later moment is checked again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** True once the moment `at` (an ISO date) has passed; false for none. Re-armed when `at` changes. */
export function useTimePassed(at: string | null | undefined): boolean {
  const [passedFor, setPassedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!at) return;
    let timer: ReturnType<typeof setTimeout>;
    const arm = () => {
      const left = Date.parse(at) - Date.now();
      if (left <= 0) return setPassedFor(at);
      timer = setTimeout(arm, Math.min(left, MAX_DELAY_MS));
    };
    arm();
    return () => clearTimeout(timer);
  }, [at]);
  return !!at && passedFor === at;
}
