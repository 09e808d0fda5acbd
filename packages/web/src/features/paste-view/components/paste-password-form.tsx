import type { PasteLockedDto } from '@driftbox/contract';
import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field, FormError } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { isApiError } from '../../../lib/api-error';
import { errorMessage } from '../../../lib/error-message';
import { useUnlockPaste } from '../api/unlock-paste';

export interface PastePasswordFormProps {
  slug: string;
  paste: PasteLockedDto;
  /** The paste went away meanwhile (404/410): the page shows that instead of the form. */
  onUnavailable: (error: unknown) => void;
}

/** Asks for the password of a protected paste; nothing is counted until it is right. */
export function PastePasswordForm({ slug, paste, onUnavailable }: PastePasswordFormProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const unlock = useUnlockPaste();

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    if (!password) return setFieldError(t('paste.view.passwordRequired'));
    setFieldError(undefined);
    unlock.mutate(
      { slug, password },
      {
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status === 410)) return onUnavailable(error);
          if (isApiError(error) && error.code === 'WRONG_PASSWORD') return setFieldError(t('errors.WRONG_PASSWORD'));
          setFormError(errorMessage(error));
        },
      },
    );
  }

  return (
    <Card className="mx-auto max-w-md px-6 py-8 sm:px-8">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
        <LockKeyhole className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-center text-lg font-semibold text-fg">{t('paste.view.lockedTitle')}</h1>
      <p className="mt-1 text-center text-sm text-fg-muted">{t('paste.view.lockedDescription')}</p>
      {paste.remark ? <p className="mt-3 rounded-lg bg-subtle px-3 py-2 text-center text-sm break-words text-fg-muted">{paste.remark}</p> : null}
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <Field label={t('paste.view.password')} error={fieldError}>
          {(control) => (
            <Input {...control} type="password" autoComplete="off" autoFocus value={password} onChange={(event) => setPassword(event.target.value)} />
          )}
        </Field>
        <FormError message={formError} />
        <Button type="submit" loading={unlock.isPending} className="w-full">
          {t('paste.view.unlock')}
        </Button>
      </form>
    </Card>
  );
}
