import '@testing-library/jest-dom/vitest';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, vi } from 'vitest';
import { reloadAuthFromStorage } from '../lib/auth/auth-store';
import { i18n } from '../lib/site/i18n';
import en from '../locales/en.json';
import zhCN from '../locales/zh-CN.json';

// The app loads one language's texts on demand (lib/site/i18n.ts loadLanguage); tests switch freely, so both are here.
i18n.addResourceBundle('en', 'translation', en);
i18n.addResourceBundle('zh-CN', 'translation', zhCN);

// CI shares two cores with PostgreSQL, MinIO and the server tests; lazy pages can take seconds to
// load there, so findBy/waitFor wait up to 10 s instead of 1 s (they still return as soon as they pass).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks a few browser APIs that Radix primitives call; inert stand-ins are enough for tests.
class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= NoopResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.scrollIntoView ??= () => undefined;
// CodeMirror measures text through ranges, which jsdom does not lay out.
const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
Range.prototype.getClientRects ??= noRects;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

// The files of a worker share its modules and its jsdom page (`isolate: false`, vitest.config.ts): what
// a file leaves behind (clock, stubs, the page, storage, the session, the language, TanStack Query's
// online state, open toasts, the offline database) is put back after it, so every file starts as on a fresh page load.
const pristine = ((
  globalThis as { __driftboxPristinePage?: { head: string; attributes: [string, string][] } }
).__driftboxPristinePage ??= {
  head: document.head.innerHTML,
  attributes: [...document.documentElement.attributes].map((a) => [a.name, a.value]),
});
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  document.head.innerHTML = pristine.head;
  document.body.replaceChildren();
  for (const { name } of [...document.documentElement.attributes]) document.documentElement.removeAttribute(name);
  for (const [name, value] of pristine.attributes) document.documentElement.setAttribute(name, value);
  window.localStorage.clear();
  window.sessionStorage.clear();
  reloadAuthFromStorage();
  // TanStack Query's connectivity and focus are one per module graph: a file that went offline stays so.
  onlineManager.setOnline(true);
  focusManager.setFocused(undefined);
  // Sonner's toasts are one list per module graph too: those still open would show in the next Toaster.
  toast.dismiss();
  await i18n.changeLanguage('en');
  // Loaded only where a file brought a (fake) IndexedDB: Dexie takes the one it finds when it loads.
  if (typeof indexedDB === 'undefined') return;
  const { offlineDb } = await import('../lib/offline/db');
  await Promise.all(offlineDb().tables.map((table) => table.clear()));
});
