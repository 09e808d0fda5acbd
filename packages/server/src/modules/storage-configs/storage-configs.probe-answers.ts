/** Reading what a storage endpoint answered: is it S3 at all, and what does its error say? */
import { msg } from '../../lib/i18n/catalogue.js';
import type { Text } from '../../lib/i18n/i18n.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { ProbeFailure } from './storage-configs.probe-failure.js';
import type { ProbeOptions } from './storage-configs.probe.js';

/** The start of an answer's body (an error page may be large: the rest is never read). */
export async function answerStart(res: Response, limit = 4096): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

/** Said of an endpoint whose answers are not S3's (`status` 0 when unknown). */
export function notS3Text(status: number): Text {
  return status ? msg('storage.probe.notS3Status', { status }) : msg('storage.probe.notS3');
}

/**
 * Asks the endpoint for an object that does not exist, as S3 is asked: S3 (and every compatible store)
 * answers an error naming its `<Code>` (NoSuchKey, AccessDenied). A web page or another API answers
 * otherwise, often 200 or 403 in HTML, which the SDK can take for an empty listing or refused
 * credentials. The status of such an answer, or undefined when it was S3's or could not be had.
 */
export async function notS3Answer(store: ObjectStore, options: ProbeOptions, key: string): Promise<number | undefined> {
  try {
    const get = await store.presignGet(key, { expiresIn: 60 });
    const res = await options.fetch(get.url, { redirect: 'manual' });
    const body = await answerStart(res);
    if (res.status >= 200 && res.status < 300) return res.status;
    if (/<Code>[^<]+<\/Code>/.test(body) || body.trim() === '') return undefined;
    return res.status;
  } catch {
    return undefined;
  }
}

/** What an error answer says: S3's `<Code>` and `<Message>`, Driftbox's JSON `message`, or nothing readable. */
function answerDetail(body: string): string | null {
  const xml = (tag: string) => new RegExp(`<${tag}>([^<]{1,200})</${tag}>`).exec(body)?.[1];
  const code = xml('Code');
  if (code) return [code, xml('Message')].filter(Boolean).join(': ');
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    return typeof message === 'string' ? message.slice(0, 200) : null;
  } catch {
    return body.trim() === '' ? '' : null;
  }
}

/** Fails the check `what` unless the answer is a success, saying what the endpoint answered. */
export async function expectOk(res: Response, what: Text): Promise<void> {
  if (res.ok) return;
  const detail = answerDetail(await answerStart(res));
  const status = res.status;
  // An answer neither S3 nor Driftbox would give (a web page, another API) is not repeated: it only confuses.
  if (detail === null) throw new ProbeFailure(msg('storage.probe.httpFailedNotS3', { what, status }));
  if (detail) throw new ProbeFailure(msg('storage.probe.httpFailedDetail', { what, status, detail }));
  throw new ProbeFailure(msg('storage.probe.httpFailed', { what, status }));
}
