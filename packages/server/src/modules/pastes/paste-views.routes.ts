import { PASTE_PASSWORD_HEADER, PASTE_TOKEN_HEADER, PastePasswordBody } from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../app-env.js';
import { clientIp, type TrustProxy } from '../../http/client-ip.js';
import { ok } from '../../http/envelope.js';
import { headerText } from '../../http/header-params.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n/i18n.js';
import { ERROR_MESSAGES } from '../../lib/i18n/messages.js';
import { readJson } from '../../http/request.js';
import type { PasteViewsService } from './paste-views.service.js';

// Every read counts a view, so no cache may answer for the server.
const NO_STORE = 'no-store';

/** The access token from `X-Paste-Token` or `?token=`. */
function tokenOf(c: Context<AppEnv>): string | undefined {
  return c.req.header(PASTE_TOKEN_HEADER) || c.req.query('token') || undefined;
}

/** A plain-text error for the raw link (a browser or curl shows it as is), with the right status. */
function plainError(c: Context<AppEnv>, err: AppError): Response {
  const message = t(c.get('lang') ?? 'en', err.text ?? ERROR_MESSAGES[err.code]);
  return c.text(message, err.status as ContentfulStatusCode, { ...err.headers, 'Cache-Control': NO_STORE });
}

/** `GET`/`POST /paste/{slug}` and `GET /raw/{slug}`: public reads of a paste by its link. */
export function pasteViewsRoutes(views: PasteViewsService, options: { trustProxy: TrustProxy }): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A HEAD (link checkers, chat previews, `curl -I`) learns whether the paste is live and counts no view.
  const headOnly = async (c: Context<AppEnv>, contentType: string) => {
    await views.checkLive(c.req.param('slug') ?? '', c.get('actor'));
    return c.body(null, 200, { 'Content-Type': contentType, 'Cache-Control': NO_STORE });
  };

  // Both answers repeat `data`'s fields at the top level: the original answered them bare and its
  // client reads them there (docs/api.md "Pastes").
  app.get('/paste/:slug', async (c) => {
    if (c.req.method === 'HEAD') return headOnly(c, 'application/json');
    c.header('Cache-Control', NO_STORE);
    const view = await views.view(c.req.param('slug'), tokenOf(c), c.get('actor'));
    return ok(c, view, { extra: view });
  });

  app.post('/paste/:slug', async (c) => {
    const { password } = await readJson(c, PastePasswordBody);
    c.header('Cache-Control', NO_STORE);
    const unlocked = await views.unlock(c.req.param('slug'), password, clientIp(c, options.trustProxy), c.get('actor'));
    // `plain_password` echoes what this request sent, proven right (the original's client builds the raw
    // link from it); nothing stored is revealed, and it stays out of `data`.
    return ok(c, unlocked, { extra: { ...unlocked, plain_password: password } });
  });

  app.get('/raw/:slug', async (c) => {
    const slug = c.req.param('slug');
    // `?password=` because the spec names it; the header or a token keeps it out of logs and history.
    const password = headerText(c.req.header(PASTE_PASSWORD_HEADER)) || c.req.query('password') || undefined;
    try {
      if (c.req.method === 'HEAD') return await headOnly(c, 'text/plain; charset=utf-8');
      const content = await views.raw(
        slug,
        { token: tokenOf(c), password },
        clientIp(c, options.trustProxy),
        c.get('actor'),
      );
      return c.text(content, 200, {
        'Content-Type': 'text/plain; charset=utf-8',
        'X-Content-Type-Options': 'nosniff',
        // Slugs are [A-Za-z0-9_-]; anything else (an imported slug) must not break out of the header.
        'Content-Disposition': `inline; filename="${slug.replace(/[^A-Za-z0-9_-]/g, '_')}.txt"`,
        'Cache-Control': NO_STORE,
      });
    } catch (err) {
      if (err instanceof AppError) return plainError(c, err);
      throw err;
    }
  });

  return app;
}
