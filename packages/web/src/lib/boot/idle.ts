/**
 * Runs `task` once the page has loaded and the browser is idle (at most `timeout` ms after `load`): work the first
 * paint does not need (the offline database) then never competes with it (issue 30). Returns a cancel.
 */
export function whenIdleAfterLoad(task: () => void, timeout = 3000): () => void {
  let cancelled = false;
  let handle: number | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    handle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(run, { timeout })
        : window.setTimeout(run, Math.min(timeout, 1000));
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (handle !== undefined && typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
  };
}
