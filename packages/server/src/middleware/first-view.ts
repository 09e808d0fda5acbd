import type { Context } from 'hono';
import type { AppEnv } from '../app-env.js';

/**
 * The first view of a public page, put into index.html by the server (issue 30): the paste's text paints with the
 * HTML, before the app's code has even arrived; the app then replaces it. Text only, escaped — never markup of the
 * paste's — so the page's strict CSP (hashed scripts only) is untouched.
 */

/** The head of an open paste (pastes' `openPreview`): no password, no view limit, public, live. */
export interface FirstViewPaste {
  title: string | null;
  text: string;
  cut: boolean;
}

export interface FirstViewSources {
  /** Counts no view and gives nothing of a paste with a password, a view limit, or not public. */
  paste(slug: string): Promise<FirstViewPaste | undefined>;
}

/** index.html marks the page placeholder of its skeleton with these comments (packages/web/index.html). */
const START = '<!--first-view-->';
const END = '<!--/first-view-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML text or attribute value: every character that could open or close markup escaped. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** The slug of a `/paste/{slug}` page, or undefined for any other path (or an undecodable one). */
function pasteSlugOf(pathname: string): string | undefined {
  const match = /^\/paste\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined;
  }
}

/**
 * The page placeholder's replacement for a paste: laid out as the paste page lays out its heading and card
 * (paste-document.tsx), the text as written (`first-view-text` in the app's index.css: pre-wrap, the body size).
 * `aria-busy`: the page is still loading its working version.
 */
function pasteMarkup(paste: FirstViewPaste): string {
  const title = paste.title
    ? `<h1 class="mb-5 text-xl font-semibold tracking-tight break-words text-fg sm:text-2xl">${escapeHtml(paste.title)}</h1>`
    : '';
  const text = escapeHtml(paste.cut ? `${paste.text}…` : paste.text);
  return (
    `<article class="mx-auto max-w-6xl" aria-busy="true" data-first-view="paste">${title}` +
    `<div class="min-w-0 rounded-2xl border border-line bg-surface px-5 py-6 shadow-xs sm:px-8 sm:py-8">` +
    `<div class="first-view-text">${text}</div></div></article>`
  );
}

/** The first view of this request's page, as markup, or undefined when it has none. */
export async function firstViewOf(c: Context<AppEnv>, sources: FirstViewSources): Promise<string | undefined> {
  const slug = pasteSlugOf(c.req.path);
  if (slug === undefined) return undefined;
  const paste = await sources.paste(slug);
  return paste ? pasteMarkup(paste) : undefined;
}

/** `html` with its page placeholder replaced by `markup`; unchanged when the build has no placeholder. */
export function withFirstView(html: string, markup: string): string {
  const start = html.indexOf(START);
  const end = html.indexOf(END, start);
  if (start < 0 || end < 0) return html;
  return html.slice(0, start) + markup + html.slice(end + END.length);
}
