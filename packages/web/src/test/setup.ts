import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
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
