/**
 * Whether `source` may use what only the full preset renders: fenced code (highlighted) or `$` math. Its own tiny
 * module, so deciding which renderer to fetch does not pull markdown-it into the first download.
 */
export function needsFullPreset(source: string): boolean {
  return /\$|```|~~~/.test(source);
}
