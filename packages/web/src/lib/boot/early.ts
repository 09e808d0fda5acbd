import { BACKEND_BASE } from '../api/backend';

/**
 * The requests index.html's start-up script sends before the bundle runs (issue 30), handed to the code that would
 * have sent them, each at most once. Absent in tests and when the script left them to the app (another backend, a
 * signed-in visitor, a tab holding a paste's access token).
 */
export interface EarlyRequests {
  /** The site title from the cached site settings, shown by the skeleton. */
  title?: string;
  /** `GET /api/admin/settings?group=4`, sent when the cached copy is older than a day. */
  siteConfig?: Promise<Response>;
  /** `GET /api/paste/{slug}` of an anonymous visitor, without a token. */
  paste?: { slug: string; response: Promise<Response> };
  /** The first page's chunks and texts for this URL and language (boot.ts links them; route-preloads.ts). */
  files?: string[];
}

declare global {
  interface Window {
    __driftboxEarly?: EarlyRequests;
  }
}

/** The early requests went to this site's `/api`: of no use when the app talks to another backend. */
function early(): EarlyRequests | undefined {
  return typeof window === 'undefined' || BACKEND_BASE !== '' ? undefined : window.__driftboxEarly;
}

/** The early site-settings answer, once. */
export function takeEarlySiteConfig(): Promise<Response> | undefined {
  const requests = early();
  const response = requests?.siteConfig;
  if (requests) delete requests.siteConfig;
  return response;
}

/** The early read of the paste `slug`, once; undefined for any other paste. */
export function takeEarlyPaste(slug: string): Promise<Response> | undefined {
  const requests = early();
  if (!requests?.paste || requests.paste.slug !== slug) return undefined;
  const { response } = requests.paste;
  delete requests.paste;
  return response;
}
