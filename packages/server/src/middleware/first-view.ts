import type { Context } from 'hono';
import { sourceTag } from '@driftbox/contract/markdown/source';
import type { AppEnv } from '../app-env.js';
import { renderFirstViewMarkdown } from './first-view-markdown.js';

/**
 * The first view of a public page, put into index.html by the server (issue 30): the paste's text paints with the
 * HTML, an image share's picture starts loading with it, before the app's code has even arrived; the app then
 * replaces it. A paste's own markup never passes: its text is escaped, or rendered by the light Markdown preset and
 * held to an allow-list (first-view-markdown.ts); the page's strict CSP (hashed scripts only) is untouched.
 */

/** The head of an open paste (pastes' `openPreview`): no password, no view limit, public, live. */
export interface FirstViewPaste {
  title: string | null;
  text: string;
  cut: boolean;
}

/** An open image share (files' `openImagePreview`): its view link, which counts no view for it. */
export interface FirstViewImage {
  url: string;
  filename: string;
}

export interface FirstViewSources {
  /** Counts no view and gives nothing of a paste with a password, a view limit, or not public. */
  paste(slug: string): Promise<FirstViewPaste | undefined>;
  /** Likewise for a file share; only an image the preview settings show as one. */
  image?(slug: string): Promise<FirstViewImage | undefined>;
}

/** index.html marks the page placeholder of its skeleton with these comments (packages/web/index.html). */
const START = '<!--first-view-->';
const END = '<!--/first-view-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: every character that could open or close markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The slug of a `/{kind}/{slug}` page, or undefined for any other path (or an undecodable one). */
function slugOf(kind: 'paste' | 'file', pathname: string): string | undefined {
  const match = new RegExp(`^/${kind}/([^/]+)/?$`).exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * The page placeholder's replacement for a paste: laid out as the paste page lays out its heading and card
 * (paste-document.tsx). A whole paste the light preset renders is Markdown, marked with its source's tag and table
 * of contents so the app can keep it (web lib/boot/first-view.ts); otherwise the text as written
 * (`first-view-text` in the app's index.css: pre-wrap, the body size). `aria-busy`: the page is still loading.
 */
function pasteMarkup(paste: FirstViewPaste): string {
  const title = paste.title
    ? `<h1 class="mb-5 text-xl font-semibold tracking-tight break-words text-fg sm:text-2xl">${escapeHtml(paste.title)}</h1>`
    : '';
  const rendered = paste.cut ? undefined : renderFirstViewMarkdown(paste.text);
  const body = rendered
    ? `<div class="markdown-body" data-first-view-markdown="${sourceTag(paste.text)}"` +
      ` data-toc="${escapeHtml(JSON.stringify(rendered.toc))}">${rendered.html}</div>`
    : `<div class="first-view-text">${escapeHtml(paste.cut ? `${paste.text}…` : paste.text)}</div>`;
  return (
    `<article class="mx-auto max-w-6xl" aria-busy="true" data-first-view="paste">${title}` +
    `<div class="min-w-0 rounded-2xl border border-line bg-surface px-5 py-6 shadow-xs sm:px-8 sm:py-8">` +
    `${body}</div></article>`
  );
}

/**
 * An image share's picture, where and as large as the file page shows it (file-details.tsx, file-viewer.tsx: the
 * details card above, the preview card's padding, `max-h-[70vh]`), so it starts loading with the HTML.
 */
function imageMarkup(image: FirstViewImage): string {
  return (
    `<article class="mx-auto flex max-w-5xl flex-col gap-4" aria-busy="true" data-first-view="file">` +
    `<div class="h-28 w-full animate-pulse rounded-2xl bg-muted"></div>` +
    `<div class="overflow-hidden rounded-2xl border border-line bg-surface shadow-xs">` +
    `<div class="flex justify-center bg-[repeating-conic-gradient(var(--color-subtle)_0_25%,transparent_0_50%)] bg-[length:20px_20px] p-3 sm:p-6"><img src="${escapeHtml(image.url)}" alt="${escapeHtml(image.filename)}"` +
    ` fetchpriority="high" class="max-h-[70vh] max-w-full rounded-md object-contain"></div></div></article>`
  );
}

/** The first view of this request's page, as markup, or undefined when it has none. */
export async function firstViewOf(c: Context<AppEnv>, sources: FirstViewSources): Promise<string | undefined> {
  const pasteSlug = slugOf('paste', c.req.path);
  if (pasteSlug !== undefined) {
    const paste = await sources.paste(pasteSlug);
    return paste ? pasteMarkup(paste) : undefined;
  }
  const fileSlug = sources.image ? slugOf('file', c.req.path) : undefined;
  if (fileSlug === undefined || !sources.image) return undefined;
  const image = await sources.image(fileSlug);
  return image ? imageMarkup(image) : undefined;
}

/** `html` with its page placeholder replaced by `markup`; unchanged when the build has no placeholder. */
export function withFirstView(html: string, markup: string): string {
  const start = html.indexOf(START);
  const end = html.indexOf(END, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + markup + html.slice(end + END.length);
}
