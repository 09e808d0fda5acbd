import { useTranslation } from 'react-i18next';
import { FormError } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api/error-message';
import { loginErrorReason, type LoginMode } from '../lib/login-error';

/** The translated reason a login failed, above the form. */
export function LoginErrorMessage({ error, mode }: { error: unknown; mode: LoginMode }) {
  const { t } = useTranslation();
  if (!error) return null;
  const reason = loginErrorReason(error, mode);
  return <FormError message={reason.kind === 'network' ? errorMessage(error) : t(`auth.login.errors.${reason.key}`)} />;
}
