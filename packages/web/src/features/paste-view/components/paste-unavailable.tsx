import { FileX, Hourglass, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { StatusCard } from '../../../components/share/status-card';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';

/** 404 and 410 are answers, not failures: they get their own page; anything else can be retried. */
export function PasteUnavailable({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  if (status !== 404 && status !== 410) {
    return (
      <Card className="mx-auto max-w-xl">
        <ErrorState
          title={t('paste.view.loadError')}
          message={errorMessage(error)}
          onRetry={onRetry}
          retrying={retrying}
        />
      </Card>
    );
  }
  // The server answers 410 alike for an expired and a used-up paste, so one page names both.
  const gone = status === 410;
  return (
    <StatusCard
      icon={gone ? Hourglass : FileX}
      title={gone ? t('paste.view.goneTitle') : t('paste.view.notFoundTitle')}
      description={gone ? t('paste.view.goneDescription') : t('paste.view.notFoundDescription')}
      action={
        <Link to="/" className={buttonClasses('primary', 'md')}>
          <Plus />
          {t('paste.view.createOwn')}
        </Link>
      }
    />
  );
}
