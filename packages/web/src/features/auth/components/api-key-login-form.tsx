import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useLoginApiKey } from '../api/login-api-key';
import { LoginErrorMessage } from './login-error-message';

export function ApiKeyLoginForm({ autoFocus = false }: { autoFocus?: boolean }) {
  const { t } = useTranslation();
  const login = useLoginApiKey();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string>();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!key.trim()) {
      setError(t('auth.login.apiKeyRequired'));
      return;
    }
    setError(undefined);
    login.mutate(key);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <LoginErrorMessage error={login.error} mode="apikey" />
      <Field label={t('auth.login.apiKey')} error={error} hint={t('auth.login.apiKeyHint')}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
            className="font-mono"
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" className="mt-1 w-full" loading={login.isPending}>
        {t('auth.login.submit')}
      </Button>
    </form>
  );
}
