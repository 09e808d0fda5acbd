import { FILE_TOKEN_HEADER, FileVerifyBody } from '@driftbox/contract';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../../app-env.js';
import { clientIp } from '../../../http/client-ip.js';
import { ok } from '../../../http/envelope.js';
import { headerText } from '../../../http/header-params.js';
import { claimedOrigin, requestOrigin, type OriginPolicy } from '../../../http/origin.js';
import { readJson } from '../../../http/request.js';
import { responseBody } from '../../../storage/streams.js';
import type { FileAccessService } from './file-access.service.js';

// Reads count views and carry per-visitor tokens: no cache may answer for the server.
const NO_STORE = 'no-store';

/** The access token from `X-File-Token` or `?token=` (the links the server hands out carry it). */
function tokenOf(c: Context<AppEnv>): string | undefined {
  return c.req.header(FILE_TOKEN_HEADER) || c.req.query('token') || undefined;
}

/** A script's password: `X-Password`, or `?password=` as the spec and the original's links have it. */
function passwordOf(c: Context<AppEnv>): string | undefined {
  return headerText(c.req.header('x-password')) ?? c.req.query('password') ?? undefined;
}

/**
 * Public file routes (spec §7, §8 "File view"): metadata, password check, view and download (streamed
 * with Range in proxy mode, redirected to a direct link otherwise) and the Office viewer link. The links
 * the server hands out carry a short-lived token, never the password; scripts may send the password
 * with a view, download or Office link (`X-Password`, or `?password=` as the spec names it), checked
 * and rate-limited like the verify route.
 */
export function fileAccessRoutes(access: FileAccessService, options: OriginPolicy): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const origin = (c: Context<AppEnv>) => requestOrigin(c, options);

  // A HEAD (link checkers, chat previews, `curl -I`) learns whether the share is live and counts no view.
  const headOnly = async (c: Context<AppEnv>) => {
    await access.checkLive(c.req.param('slug') ?? '');
    return c.body(null, 200, { 'Content-Type': 'application/json', 'Cache-Control': NO_STORE });
  };

  app.get('/public/files/:slug', async (c) => {
    if (c.req.method === 'HEAD') return headOnly(c);
    c.header('Cache-Control', NO_STORE);
    return ok(c, await access.info(c.req.param('slug'), tokenOf(c), origin(c)));
  });

  app.post('/public/files/:slug/verify', async (c) => {
    const { password } = await readJson(c, FileVerifyBody);
    c.header('Cache-Control', NO_STORE);
    return ok(c, await access.verify(c.req.param('slug'), password, clientIp(c, options.trustProxy), origin(c)));
  });

  const credentials = (c: Context<AppEnv>) => ({
    token: tokenOf(c),
    password: passwordOf(c),
    clientIp: clientIp(c, options.trustProxy),
  });

  const open = (mode: 'view' | 'download') => async (c: Context<AppEnv>) => {
    const request = {
      ...credentials(c),
      slug: c.req.param('slug') ?? '',
      mode,
      range: c.req.header('range'),
      ifRange: c.req.header('if-range'),
      headOnly: c.req.method === 'HEAD',
      // Only its scheme is used (mixed content); the redirect stays origin-relative, so any host may download.
      origin: options.publicUrl ?? claimedOrigin(c, options.trustProxy),
    };
    const result = await access.open(request);
    if (result.kind === 'redirect') return c.body(null, 302, { Location: result.location, 'Cache-Control': NO_STORE });
    if (result.kind === 'range-error') return c.body(null, 416, result.headers);
    if (!result.body) return c.body(null, result.status, result.headers);
    return c.body(responseBody(result.body), result.status, result.headers);
  };
  app.get('/file-view/:slug', open('view'));
  app.get('/file-download/:slug', open('download'));

  app.get('/office-preview/:slug', async (c) => {
    if (c.req.method === 'HEAD') return headOnly(c);
    const preview = await access.officePreview(c.req.param('slug'), credentials(c), origin(c));
    c.header('Cache-Control', NO_STORE);
    // `data.url` in the envelope, and `url` at the top level where the original put it.
    return ok(c, preview, { extra: { url: preview.url } });
  });

  return app;
}
