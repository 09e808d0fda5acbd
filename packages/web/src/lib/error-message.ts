import { i18n, translateDynamic } from './i18n';
import { isApiError } from './api-error';

/**
 * What the UI says about a failure (STYLE §16): `errors.<code>` when this build knows the code,
 * otherwise the server's own message, otherwise a generic line.
 */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const translated = translateDynamic(`errors.${error.code}`, { status: error.status, statusText: error.statusText });
    if (translated) return translated;
    if (error.message) return error.message;
  }
  return i18n.t('errors.REQUEST_FAILED');
}
