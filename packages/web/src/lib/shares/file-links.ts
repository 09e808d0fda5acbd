/** The address people share: the file page on this site. */
export function fileShareUrl(slug: string, origin: string = window.location.origin): string {
  return `${origin}/file/${encodeURIComponent(slug)}`;
}
