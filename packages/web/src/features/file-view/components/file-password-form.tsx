import type { FilePublicDto } from '@driftbox/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordCard } from '../../../components/share/password-card';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage, retryMinutes } from '../../../lib/api/error-message';
import { useVerifyFilePassword } from '../api/verify-file-password';

/** Asks for the password of a protected file; the view is counted only when it is right. */
export function FilePasswordForm({
  file,
  onUnavailable,
  onUnlocked,
}: {
  file: FilePublicDto;
  onUnavailable: (error: unknown) => void;
  onUnlocked: (file: FilePublicDto) => void;
}) {
  const { t } = useTranslation();
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const verify = useVerifyFilePassword();

  function submit(password: string) {
    setFieldError(undefined);
    setFormError(undefined);
    verify.mutate(
      { slug: file.slug, password },
      {
        onSuccess: onUnlocked,
        onError: (error) => {
          if (!isApiError(error)) return setFormError(errorMessage(error));
          if (error.status === 404 || error.status === 410 || error.status === 403) return onUnavailable(error);
          if (error.status === 401) return setFieldError(t('fileView.password.wrong'));
          if (error.status === 429) {
            const wait = error.retryAfterSeconds;
            return setFormError(
              wait === undefined
                ? t('fileView.password.rateLimited')
                : t('fileView.password.rateLimitedFor', { count: retryMinutes(wait) }),
            );
          }
          setFormError(errorMessage(error));
        },
      },
    );
  }

  return (
    <PasswordCard
      title={t('fileView.password.title')}
      description={t('fileView.password.description', { name: file.filename })}
      remark={file.remark}
      label={t('fileView.password.label')}
      submitLabel={t('fileView.password.submit')}
      requiredMessage={t('fileView.password.required')}
      pending={verify.isPending}
      fieldError={fieldError}
      formError={formError}
      onSubmit={submit}
    />
  );
}
