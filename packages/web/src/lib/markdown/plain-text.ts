/**
 * One line of letters, digits, spaces and a few marks, starting with a letter or digit: markdown-it renders it as a
 * paragraph of the very same text (no emphasis, link, entity, list or heading syntax, nothing its linkify would
 * link — no `.`, `@`, `:` or `/`; nothing to escape). Such a footer or announcement ("© 2026 Driftbox", the
 * default) needs no renderer download (issue 30).
 */
const PLAIN = /^[\p{L}\p{N}©®™][\p{L}\p{N}\p{Zs}©®™,;!?'’–—-]*$/u;

/** The HTML the small preset would give `source` when it is such plain text; undefined otherwise. */
export function plainTextHtml(source: string): string | undefined {
  const text = source.trim();
  return PLAIN.test(text) ? `<p>${text}</p>\n` : undefined;
}
