import { i18n, translateDynamic } from '../site/i18n';
import { isApiError } from './api-error';

export interface ErrorMessageOptions {
  /**
   * Prefer the server's own message to the generic line of its code: for refusals whose reason only the
   * server knows (a URL that does not resolve is a plain BAD_REQUEST), and the field reasons of a
   * validation failure where no form shows them beside a field. It arrives in the page's language.
   */
  preferServer?: boolean;
}

/** A validation failure's reasons: one alone as it is, several each after its field ("slug: …; path: …"). */
function fieldReasons(details: readonly { path: string; message: string }[]): string {
  if (details.length === 1) return details[0]?.message ?? '';
  return details.map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)).join('; ');
}

/** Whole minutes until a 429's Retry-After has passed (at least 1), for "try again in 15 minutes". */
export function retryMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/**
 * What the UI says about a failure (STYLE §16): `errors.<code>` when this build knows the code,
 * otherwise the server's own message, otherwise a generic line.
 */
export function errorMessage(error: unknown, options: ErrorMessageOptions = {}): string {
  if (isApiError(error)) {
    if (error.code === 'RATE_LIMITED' && error.retryAfterSeconds !== undefined)
      return i18n.t('errors.rateLimitedFor', { count: retryMinutes(error.retryAfterSeconds) });
    if (options.preferServer && error.code === 'VALIDATION_FAILED' && error.details.length > 0)
      return fieldReasons(error.details);
    if (options.preferServer && error.serverMessage) return error.serverMessage;
    const translated = translateDynamic(`errors.${error.code}`, { status: error.status, statusText: error.statusText });
    if (translated) return translated;
    if (error.message) return error.message;
  }
  return i18n.t('errors.REQUEST_FAILED');
}
