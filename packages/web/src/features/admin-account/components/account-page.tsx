import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Field, FormError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PageHeader } from '../../../components/ui/page-header';
import { isApiError } from '../../../lib/api/api-error';
import { logout } from '../../../lib/auth/auth-session';
import { errorMessage } from '../../../lib/api/error-message';
import { translateDynamic } from '../../../lib/site/i18n';
import { useChangePassword } from '../api/change-password';
import {
  EMPTY_ACCOUNT_FORM,
  validateAccountForm,
  type AccountField,
  type AccountFormValues,
} from '../lib/account-form';
import { LogoutCountdown } from './logout-countdown';

type Messages = Partial<Record<AccountField, string>>;

/** Where each server error code belongs on the form. */
const SERVER_FIELD: Partial<Record<string, AccountField>> = {
  WRONG_PASSWORD: 'currentPassword',
  UNAUTHORIZED: 'currentPassword',
  SAME_PASSWORD: 'newPassword',
  USERNAME_TAKEN: 'newUsername',
};

export function AccountPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState<AccountFormValues>(EMPTY_ACCOUNT_FORM);
  const [errors, setErrors] = useState<Messages>({});
  const [done, setDone] = useState(false);
  const loggingOut = useRef(false);

  const set = (field: keyof AccountFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  const finish = useCallback(() => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    void logout().then(() => navigate('/admin', { replace: true }));
  }, [navigate]);

  function serverError(error: unknown) {
    // Spec §8: a 401 here is a failed password check: the translated reason, the server's, or "verification failed".
    if (isApiError(error) && error.status === 401) {
      const message =
        translateDynamic(`errors.${error.code}`) ?? (error.message || t('account.errors.verificationFailed'));
      return setErrors({ currentPassword: message });
    }
    const field = isApiError(error) ? SERVER_FIELD[error.code] : undefined;
    setErrors({ [field ?? 'form']: errorMessage(error) });
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const result = validateAccountForm(values);
    if (!result.ok) {
      setErrors(
        Object.fromEntries(Object.entries(result.errors).map(([field, code]) => [field, t(`account.errors.${code}`)])),
      );
      return;
    }
    setErrors({});
    change.mutate(result.body, { onSuccess: () => setDone(true), onError: serverError });
  }

  return (
    <div className="max-w-2xl">
      <PageHeader title={t('account.title')} description={t('account.description')} />
      <Card>
        <CardHeader title={t('account.formTitle')} description={t('account.formDescription')} />
        <CardBody>
          {done ? (
            <LogoutCountdown onDone={finish} />
          ) : (
            <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
              <FormError message={errors.form} />
              <Field label={t('account.currentPassword')} error={errors.currentPassword} required>
                {(control) => (
                  <Input
                    {...control}
                    type="password"
                    autoComplete="current-password"
                    value={values.currentPassword}
                    onChange={(e) => set('currentPassword')(e.target.value)}
                  />
                )}
              </Field>
              <Field label={t('account.newUsername')} error={errors.newUsername} hint={t('account.newUsernameHint')}>
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="username"
                    value={values.newUsername}
                    onChange={(e) => set('newUsername')(e.target.value)}
                  />
                )}
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('account.newPassword')} error={errors.newPassword} hint={t('account.newPasswordHint')}>
                  {(control) => (
                    <Input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      value={values.newPassword}
                      onChange={(e) => set('newPassword')(e.target.value)}
                    />
                  )}
                </Field>
                <Field label={t('account.confirmPassword')} error={errors.confirmPassword}>
                  {(control) => (
                    <Input
                      {...control}
                      type="password"
                      autoComplete="new-password"
                      value={values.confirmPassword}
                      onChange={(e) => set('confirmPassword')(e.target.value)}
                    />
                  )}
                </Field>
              </div>
              <div className="flex justify-end pt-1">
                <Button type="submit" loading={change.isPending}>
                  {t('account.submit')}
                </Button>
              </div>
            </form>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
