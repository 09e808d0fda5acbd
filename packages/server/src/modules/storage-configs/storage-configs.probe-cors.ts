/** The storage test's CORS check: may the browser at the caller's origin upload and download directly? */
import { isMixedContent } from '@driftbox/contract';
import { listOf, msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { ProbeFailure } from './storage-configs.probe-failure.js';
import type { ProbeOptions } from './storage-configs.probe.js';

type CorsHintKey = `storage.probe.corsHint.${'r2' | 'oss' | 'b2' | 'other'}`;
const CORS_HINTS: Partial<Record<string, CorsHintKey>> = {
  'Cloudflare R2': 'storage.probe.corsHint.r2',
  'Aliyun OSS': 'storage.probe.corsHint.oss',
  'Backblaze B2': 'storage.probe.corsHint.b2',
};

/** How to allow the browser's requests, in the words of the provider's own settings. */
function corsHint(provider: string, origin: string, headers: readonly string[]): Text {
  const names = listOf(headers, provider === 'Backblaze B2' ? ' and ' : ', ');
  const rule = msg(headers.length > 1 ? 'storage.probe.corsRule' : 'storage.probe.corsRuleOneHeader', {
    origin,
    headers: names,
  });
  const hint = CORS_HINTS[provider] ?? 'storage.probe.corsHint.other';
  return msg(hint, { rule });
}

/** The browser blocks an https page's requests to plain http before any CORS rule is read: say that instead. */
export function assertNotMixedContent(origin: string, url: string): void {
  if (!isMixedContent(origin, url)) return;
  throw new ProbeFailure(msg('storage.probe.mixedContent', { origin, target: new URL(url).origin }));
}

/** True when a preflight answer lets `origin` PUT with every one of `headers`. */
function preflightAllows(preflight: Response, origin: string, headers: readonly string[]): boolean {
  const allowOrigin = preflight.headers.get('access-control-allow-origin');
  const allowMethods = (preflight.headers.get('access-control-allow-methods') ?? '').toUpperCase();
  const allowHeaders = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
  const headersAllowed = allowHeaders.includes('*') || headers.every((name) => allowHeaders.includes(name));
  return (
    preflight.ok && (allowOrigin === origin || allowOrigin === '*') && /\bPUT\b|\*/.test(allowMethods) && headersAllowed
  );
}

/** Preflight of a presigned PUT, then a real GET, both from the caller's origin. */
export async function checkCors(store: ObjectStore, options: ProbeOptions, key: string): Promise<Text> {
  const { origin } = options;
  const put = await store.presignPut(key, { expiresIn: options.expiresIn, contentType: 'text/plain' });
  // The headers the uploader sends with the PUT (Backblaze adds its own): the preflight asks for them all.
  const headers = Object.keys(put.headers).map((name) => name.toLowerCase());
  const hint = corsHint(options.provider, origin, headers);
  assertNotMixedContent(origin, put.url);
  const preflight = await options.fetch(put.url, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': 'PUT',
      'Access-Control-Request-Headers': headers.join(','),
    },
  });
  if (!preflightAllows(preflight, origin, headers))
    throw new ProbeFailure(msg('storage.probe.uploadRefused', { origin, status: preflight.status, hint }));
  const get = await store.presignGet(key, { expiresIn: options.expiresIn });
  const res = await options.fetch(get.url, { headers: { Origin: origin } });
  await res.body?.cancel();
  const exposed = (res.headers.get('access-control-expose-headers') ?? '').toLowerCase();
  if (!/\betag\b|\*/.test(exposed)) throw new ProbeFailure(msg('storage.probe.etagHidden', { origin, hint }));
  return msg('storage.probe.corsPassed', { origin });
}
