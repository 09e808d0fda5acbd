import { Hono, type Context } from 'hono';
import type { Readable } from 'node:stream';
import type { AppEnv } from '../../app-env.js';
import type { TrustProxy } from '../../http/client-ip.js';
import { claimedOrigin } from '../../http/origin.js';
import { readBytes, streamBody } from '../../http/request.js';
import { AppError } from '../../lib/errors.js';
import { msg } from '../../lib/i18n/catalogue.js';
import { t } from '../../lib/i18n/i18n.js';
import type { Logger } from '../../lib/logger.js';
import { ERROR_MESSAGES } from '../../lib/i18n/messages.js';
import { storageToAppError } from '../../storage/http-errors.js';
import { responseBody } from '../../storage/streams.js';
import { DavError, type DavAnswer } from './webdav.answer.js';
import { asVfsActor, challenges, davActor, mayUse, type DavAuthDeps } from './webdav.auth.js';
import type { DavRequest } from './webdav.context.js';
import { DAV_METHODS } from './webdav.read.js';
import type { WebdavService } from './webdav.service.js';
import { escapeXml, MAX_XML_BYTES, parseXml, XML_HEAD, XmlBodyError, type XmlElement } from './webdav.xml.js';

const ALLOW = DAV_METHODS.join(', ');

function answer(c: Context<AppEnv>, a: DavAnswer): Response {
  const headers = { ...a.headers };
  if (a.body === null || a.body === undefined) return c.body(null, a.status as 200, headers);
  if (typeof a.body === 'string') return c.body(a.body, a.status as 200, headers);
  return c.body(responseBody(a.body as Readable), a.status as 200, headers);
}

async function xmlBody(c: Context<AppEnv>): Promise<XmlElement | null> {
  try {
    return parseXml(await readBytes(c, MAX_XML_BYTES));
  } catch (err) {
    if (err instanceof XmlBodyError)
      throw new DavError(
        err.reason === 'too-large' ? 413 : 400,
        err.reason === 'too-large' ? 'webdav.tooLarge' : 'webdav.badXml',
      );
    throw err;
  }
}

/**
 * WebDAV at `/dav` and `/dav/*` (RFC 4918 class 1 and 2): the caller from its credentials on every
 * request, the method's WebDAV bit, then one service call per method. Errors are WebDAV answers (status,
 * a short text or the RFC's `<D:error>` body), never the API's JSON envelope.
 */
export function webdavRoutes(
  dav: WebdavService,
  deps: DavAuthDeps & { trustProxy: TrustProxy; logger: Logger },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  function refusal(c: Context<AppEnv>, status: number, text: string, condition?: string): Response {
    if (status === 401)
      for (const value of challenges(c.req.header('user-agent'))) c.header('WWW-Authenticate', value, { append: true });
    if (condition)
      return c.body(`${XML_HEAD}<D:error xmlns:D="DAV:"><D:${condition}/></D:error>`, status as 400, {
        'Content-Type': 'application/xml; charset=utf-8',
      });
    return c.body(text, status as 400, { 'Content-Type': 'text/plain; charset=utf-8' });
  }

  async function dispatch(c: Context<AppEnv>, method: string, req: DavRequest): Promise<DavAnswer> {
    switch (method) {
      case 'OPTIONS':
        return dav.options(req, ALLOW);
      case 'GET':
      case 'HEAD':
        return dav.reads.get(req, method === 'HEAD');
      case 'PROPFIND':
        return dav.reads.propfind(req, await xmlBody(c));
      case 'PUT':
        return dav.writes.put(req, streamBody(c));
      case 'MKCOL': {
        const length = c.req.header('content-length');
        const hasBody = (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
        return dav.writes.mkcol(req, hasBody);
      }
      case 'DELETE':
        return dav.writes.delete(req);
      case 'PROPPATCH':
        return dav.writes.proppatch(req, await xmlBody(c));
      case 'COPY':
        return dav.copyMove.copy(req);
      case 'MOVE':
        return dav.copyMove.move(req);
      case 'LOCK':
        return dav.lock.lock(req, await xmlBody(c));
      case 'UNLOCK':
        return dav.lock.unlock(req);
      default:
        throw new DavError(405, 'webdav.notAllowed');
    }
  }

  const handler = async (c: Context<AppEnv>) => {
    const method = c.req.method.toUpperCase();
    const lang = c.get('lang');
    try {
      const actor = await davActor(c, deps);
      if (!mayUse(actor, method)) return refusal(c, 403, t(lang, msg('webdav.noPermission')));
      const url = new URL(c.req.url);
      const req: DavRequest = {
        actor: asVfsActor(actor),
        rawPath: url.pathname.slice('/dav'.length) || '/',
        header: (name) => c.req.header(name),
        origin: claimedOrigin(c, deps.trustProxy),
        signal: c.req.raw.signal,
      };
      const result = await dispatch(c, method, req);
      if (method !== 'OPTIONS') c.header('DAV', '1, 2');
      return answer(c, result);
    } catch (caught) {
      const err = storageToAppError(caught);
      if (err instanceof DavError) return refusal(c, err.status, t(lang, msg(err.text)), err.condition);
      if (err instanceof AppError) {
        for (const [name, value] of Object.entries(err.headers)) c.header(name, value);
        const text = t(lang, err.text ?? ERROR_MESSAGES[err.code]);
        if (err.status === 401) return refusal(c, 401, t(lang, msg('webdav.loginRequired')));
        // A path the vfs refuses to normalise is a bad request; one outside the base path is 403.
        return refusal(c, err.status, escapeXml(text));
      }
      deps.logger.error('WebDAV request failed', { requestId: c.get('requestId'), method, error: String(caught) });
      return refusal(c, 500, t(lang, ERROR_MESSAGES.INTERNAL));
    }
  };

  app.all('/dav', handler);
  app.all('/dav/*', handler);
  return app;
}
