/**
 * Starts a browser download of `href` by a temporary anchor: the browser fetches and saves the body itself
 * (a signed link, no credential header needed), so nothing of it passes through JavaScript memory.
 */
export function startDownload(href: string, fileName?: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  // Same-origin only: a cross-origin answer names the file by its Content-Disposition.
  anchor.download = fileName ?? '';
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Hands a Blob already in memory (a small generated file) to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, fileName);
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
