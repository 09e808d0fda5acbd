import { i18n, translateDynamic } from './i18n';
import { isApiError } from './api-error';

export interface ErrorMessageOptions {
  /**
   * Prefer the server's own message to the generic line of its code: for refusals whose reason only the
   * server knows (a URL that does not resolve is a plain BAD_REQUEST), and the field reasons of a
   * validation failure where no form shows them beside a field. It arrives in the page's language.
   */
  preferServer?: boolean;
}

/** "Too many attempts: try again in 15 minutes", from a 429's Retry-After. */
export function rateLimitedFor(seconds: number): string {
  return i18n.t('errors.rateLimitedFor', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/**
 * What the UI says about a failure (STYLE §16): `errors.<code>` when this build knows the code,
 * otherwise the server's own message, otherwise a generic line.
 */
export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  if (isApiError(error)) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== undefined) return rateLimitedFor(error.retryAfterSeconds);
    if (options.preferServer && error.details.length > 0) return error.details.map((detail) => detail.message).join('; ');
    if (options.preferServer && error.serverMessage) return error.serverMessage;
    const translated = translateDynamic(`errors.${error.code}`, { status: error.status, statusText: error.statusText });
    if (translated) return translated;
    if (error.message) return error.message;
  }
  return i18n.t('errors.REQUEST_FAILED');
}
