import { keepFirstView } from '../lib/boot/first-view';
import { PageLoading } from './page-loading';

let skeletonHtml: string | undefined;

/**
 * Keeps index.html's skeleton (header and page placeholder, with the site title the start-up script set) before
 * React replaces it, so the router's fallback shows the very same markup until the first page is ready.
 */
export function keepBootSkeleton(root: HTMLElement): void {
  skeletonHtml = root.querySelector('[data-boot-skeleton]')?.outerHTML;
  keepFirstView(root);
}

/** The first paint's markup while the first page's code loads; a spinner where there was none (tests). */
export function BootSkeleton() {
  if (!skeletonHtml) return <PageLoading />;
  // Our own static markup from index.html, not user content.
  return <div className="contents" dangerouslySetInnerHTML={{ __html: skeletonHtml }} />;
}
