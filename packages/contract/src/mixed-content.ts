/** Hosts browsers treat as secure over plain http, so an https page may still call them. */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;

/** The scheme and authority of an absolute URL (the contract has no URL class: it runs everywhere). */
const ABSOLUTE = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)/i;

/**
 * True when a browser on an https page would block `url` (mixed content): a plain-http address that is
 * not a loopback one. Such requests fail before any CORS rule is read, and such downloads are blocked.
 * A relative `url` shares the page's scheme, so it never is.
 */
export function isMixedContent(pageOrigin: string, url: string): boolean {
  if (!/^https:/i.test(pageOrigin)) return false;
  const match = ABSOLUTE.exec(url.trim());
  if (!match || match[1]?.toLowerCase() !== 'http') return false;
  const authority = match[2] ?? '';
  const host = authority
    .slice(authority.lastIndexOf('@') + 1)
    .replace(/:\d*$/, '')
    .toLowerCase();
  return !LOOPBACK_HOST.test(host);
}
