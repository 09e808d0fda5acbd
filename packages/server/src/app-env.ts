import type { HttpBindings } from '@hono/node-server';
import type { Actor } from './lib/auth/actor.js';
import type { RequestMetrics } from './http/metrics.js';
import type { AppError } from './lib/errors.js';
import type { Lang } from './lib/i18n/i18n.js';

/**
 * Hono environment of the app. Bindings are partial because `app.request()` in tests has no socket.
 * `authError` keeps why presented credentials failed, so guards answer TOKEN_EXPIRED or API_KEY_INVALID
 * while public routes still serve the caller as anonymous.
 */
export interface AppEnv {
  Bindings: Partial<HttpBindings>;
  Variables: {
    requestId: string;
    lang: Lang;
    actor: Actor;
    authError: AppError | null;
    /** Set when /metrics is enabled (`http/metrics.ts`); `uploading` once the request counts as an upload. */
    metrics: RequestMetrics | undefined;
    uploading: boolean | undefined;
  };
}
