import hljs from 'highlight.js/lib/common';

/** Code longer than this is shown plain: highlighting megabytes would freeze the page for little gain. */
const HIGHLIGHT_MAX_CHARS = 200_000;

/**
 * Highlights a fenced code block (highlight.js core with its common languages, ~40). Returns '' when
 * the language is unknown or the block is huge, which tells markdown-it to escape the code itself.
 * The output is escaped text inside <span class="hljs-…"> and still goes through DOMPurify.
 */
export function highlightCode(code: string, language: string): string {
  const name = language.trim().toLowerCase();
  if (!name || code.length > HIGHLIGHT_MAX_CHARS || !hljs.getLanguage(name)) return '';
  try {
    return hljs.highlight(code, { language: name, ignoreIllegals: true }).value;
  } catch {
    return '';
  }
}
