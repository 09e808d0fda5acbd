import type { Env, MarkdownIt, Token } from 'markdown-it';

/** One heading of a rendered document, for the table of contents. */
export interface TocEntry {
  level: number;
  text: string;
  id: string;
}

/**
 * Ids carry a prefix so user headings can never take the name of a DOM property or an app element
 * (DOMPurify's clobbering protection would otherwise drop ids such as "location").
 */
export const HEADING_ID_PREFIX = 'md-';

/** A readable, URL-safe anchor for a heading: letters and digits of any script, spaces become hyphens. */
export function slugifyHeading(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
  return slug || 'section';
}

/** The heading's visible text: inline text and code, without Markdown punctuation. */
function inlineText(token: Token | undefined): string {
  if (!token?.children) return token?.content ?? '';
  return token.children
    .filter((child) => child.type === 'text' || child.type === 'code_inline' || child.type === 'math_inline')
    .map((child) => child.content)
    .join('');
}

/** What a render collects besides the HTML; markdown-it passes it to every rule as `env`. */
export interface RenderEnv extends Env {
  toc?: TocEntry[];
  hasMermaid?: boolean;
}

/**
 * markdown-it plugin: gives every heading a unique id and records it in `env.toc`, so the table of
 * contents and the anchors come from the same parse and always agree; and an `aria-level` one below its tag.
 */
export function headingAnchors(md: MarkdownIt): void {
  md.core.ruler.push('heading_anchors', (state) => {
    const env: RenderEnv = state.env;
    const toc: TocEntry[] = [];
    const used = new Map<string, number>();
    state.tokens.forEach((token, index) => {
      if (token.type !== 'heading_open') return;
      const text = inlineText(state.tokens[index + 1]).trim();
      const base = `${HEADING_ID_PREFIX}${slugifyHeading(text)}`;
      const seen = used.get(base) ?? 0;
      used.set(base, seen + 1);
      const id = seen === 0 ? base : `${base}-${seen}`;
      token.attrSet('id', id);
      // The page around a document owns its one h1 (the paste's remark, the file's name): the document's
      // headings are announced a level lower, and keep their tag and look.
      token.attrSet('aria-level', String(Math.min(6, Number(token.tag.slice(1)) + 1)));
      toc.push({ level: Number(token.tag.slice(1)), text: text || id, id });
    });
    env.toc = toc;
  });
}

/** Spec: a table of contents is worth showing from three headings on. */
export const TOC_MIN_HEADINGS = 3;

export function shouldShowToc(toc: readonly TocEntry[]): boolean {
  return toc.length >= TOC_MIN_HEADINGS;
}
