import { API_BASE } from '../api/api-client';

/** The address people share: the paste page on this site. */
export function pasteShareUrl(slug: string, origin: string = window.location.origin): string {
  return `${origin}/paste/${encodeURIComponent(slug)}`;
}

/**
 * The plain-text address. A short-lived access token (after a password check) rides along as
 * `?token=` so the link opens without asking again; the password itself is never put in a URL.
 */
export function pasteRawUrl(slug: string, token?: string, origin: string = window.location.origin): string {
  const api = API_BASE.startsWith('/') ? `${origin}${API_BASE}` : API_BASE;
  const url = `${api}/raw/${encodeURIComponent(slug)}`;
  return token ? `${url}?token=${encodeURIComponent(token)}` : url;
}
