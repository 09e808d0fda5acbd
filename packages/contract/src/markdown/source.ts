/**
 * Whether `source` may use what only the full preset renders: fenced code (highlighted) or `$` math. The web app
 * fetches the light renderer otherwise; the server renders a first view only of such a light source (issue 30).
 * Its own module without imports, so deciding which renderer to fetch does not pull markdown-it into a bundle.
 */
export function needsFullPreset(source: string): boolean {
  return /\$|```|~~~/.test(source);
}

/**
 * A short tag of a source (its length and FNV-1a hash over UTF-16 code units): the server marks its first view
 * with it, and the web app keeps that rendering only for the very source it fetched.
 */
export function sourceTag(source: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < source.length; i++) hash = Math.imul(hash ^ source.charCodeAt(i), 0x01000193);
  return `${source.length}-${(hash >>> 0).toString(36)}`;
}
