import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { toast as sonnerToast } from 'sonner';
import type * as SonnerModule from './sonner-toaster';

/**
 * The app's toasts, with sonner (and its 30 KB) loaded when the first toast is asked for (issue 30: a visitor who
 * reads a paste never downloads it; the service worker precaches it, so it loads offline too). A toast call waits
 * for the toaster to listen, so none is lost.
 */
type Sonner = typeof SonnerModule;
type ToastArgs = Parameters<typeof sonnerToast>;

const SonnerToaster = lazy(() => import('./sonner-toaster').then((module) => ({ default: module.SonnerToaster })));

let wanted = false;
const listeners = new Set<() => void>();
function want(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

let markReady: (module: Sonner) => void = () => undefined;
const ready = new Promise<Sonner>((resolve) => (markReady = resolve));
const onReady = () => void import('./sonner-toaster').then(markReady);

function later(show: (module: Sonner, ...args: ToastArgs) => unknown) {
  return (...args: ToastArgs): void => {
    want();
    void ready.then((module) => show(module, ...args));
  };
}

/** sonner's `toast`, as the app uses it: a message, and its four tones. */
export const toast = Object.assign(
  later((m, ...args) => m.toast(...args)),
  {
    success: later((m, ...args) => m.toast.success(...args)),
    error: later((m, ...args) => m.toast.error(...args)),
    info: later((m, ...args) => m.toast.info(...args)),
    warning: later((m, ...args) => m.toast.warning(...args)),
  },
);

/** Mounts the toaster when a toast is asked for. */
export function Toaster() {
  const shown = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
  );
  return shown ? (
    <Suspense fallback={null}>
      <SonnerToaster onReady={onReady} />
    </Suspense>
  ) : null;
}
