import type { PasteLockedDto } from '@driftbox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordCard } from '../../../components/share/password-card';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { useUnlockPaste } from '../api/unlock-paste';

export interface PastePasswordFormProps {
  slug: string;
  paste: PasteLockedDto;
  /** The paste went away meanwhile (404/410): the page shows that instead of the form. */
  onUnavailable: (error: unknown) => void;
  /** The password was right: the form goes away and the page shows the paste. */
  onUnlocked?: () => void;
}

/** Asks for the password of a protected paste; nothing is counted until it is right. */
export function PastePasswordForm({ slug, paste, onUnavailable, onUnlocked }: PastePasswordFormProps) {
  const { t } = useTranslation();
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const unlock = useUnlockPaste();

  function submit(password: string) {
    setFormError(undefined);
    setFieldError(undefined);
    unlock.mutate(
      { slug, password },
      {
        onSuccess: () => onUnlocked?.(),
        onError: (error) => {
          if (isApiError(error) && (error.status === 404 || error.status === 410)) return onUnavailable(error);
          if (isApiError(error) && error.code === 'WRONG_PASSWORD') return setFieldError(t('errors.WRONG_PASSWORD'));
          setFormError(errorMessage(error));
        },
      },
    );
  }

  return (
    <PasswordCard
      title={t('paste.view.lockedTitle')}
      description={t('paste.view.lockedDescription')}
      remark={paste.remark}
      label={t('paste.view.password')}
      submitLabel={t('paste.view.unlock')}
      requiredMessage={t('paste.view.passwordRequired')}
      pending={unlock.isPending}
      fieldError={fieldError}
      formError={formError}
      onSubmit={submit}
    />
  );
}
