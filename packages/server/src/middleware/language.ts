import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env.js';
import { pickLanguage } from '../lib/i18n/i18n.js';

/** Picks the language of server-written messages from X-Language or Accept-Language. */
export function language(): MiddlewareHandler<AppEnv> {
  return async function languageMiddleware(c, next) {
    c.set('lang', pickLanguage(c.req.header('accept-language'), c.req.header('x-language')));
    await next();
  };
}
