import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginBody } from '@driftbox/contract';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useLoginAdmin } from '../api/login-admin';
import { LoginErrorMessage } from './login-error-message';

export function PasswordLoginForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const login = useLoginAdmin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ username?: string; password?: string }>({});

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = LoginBody.safeParse({ username, password });
    if (!parsed.success) {
      setErrors({
        ...(username.trim() ? {} : { username: t('auth.login.usernameRequired') }),
        ...(password ? {} : { password: t('auth.login.passwordRequired') }),
      });
      return;
    }
    setErrors({});
    login.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <LoginErrorMessage error={login.error} mode="password" />
      <Field label={t('auth.login.username')} error={errors.username}>
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoFocus={autoFocus}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('auth.login.password')} error={errors.password}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="mt-1 w-full" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
