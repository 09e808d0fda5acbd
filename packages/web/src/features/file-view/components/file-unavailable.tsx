import { SHARE_GONE_REASON_PATH, Permission, type FilePublicDto } from '@driftbox/contract';
import { Ban, FileX, Home, Hourglass, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusCard } from '../../../components/share/status-card';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { canUse } from '../../../lib/auth/admin-access';
import { isApiError } from '../../../lib/api/api-error';
import { useAuth } from '../../../lib/auth/auth-store';
import { errorMessage } from '../../../lib/api/error-message';

export type GoneReason = 'expired' | 'usedUp' | 'unknown';

/**
 * Why a share answered 410: the cause the server names (the error detail at `reason`), else the
 * metadata the page already holds (a protected share's locked answer); when neither tells, both.
 */
export function goneReason(
  error: unknown,
  known: Pick<FilePublicDto, 'expires_at' | 'views' | 'max_views'> | undefined,
  now: number = Date.now(),
): GoneReason {
  const named = isApiError(error) ? error.details.find((d) => d.path === SHARE_GONE_REASON_PATH)?.message : undefined;
  if (named === 'expired') return 'expired';
  if (named === 'used_up') return 'usedUp';
  if (!known) return 'unknown';
  if (known.expires_at && Date.parse(known.expires_at) <= now) return 'expired';
  if (known.max_views > 0 && known.views >= known.max_views) return 'usedUp';
  return 'unknown';
}

const GONE_KEYS = {
  expired: ['fileView.expired.title', 'fileView.expired.description'],
  usedUp: ['fileView.usedUp.title', 'fileView.usedUp.description'],
  unknown: ['fileView.gone.title', 'fileView.gone.description'],
} as const;

/** 404, 410 and 403 are answers with their own page; anything else can be retried. */
export function FileUnavailable({
  error,
  known,
  onRetry,
  retrying,
}: {
  error: unknown;
  known?: FilePublicDto;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  const { t } = useTranslation();
  const status = isApiError(error) ? error.status : 0;
  const auth = useAuth();
  // Only someone who may upload is offered to share a file; a visitor is sent home instead.
  const uploadLink = canUse(auth, Permission.FILE_SHARE) ? (
    <Link to="/upload" className={buttonClasses('primary', 'md')}>
      <Upload />
      {t('fileView.shareOwn')}
    </Link>
  ) : (
    <Link to="/" className={buttonClasses('outline', 'md')}>
      <Home />
      {t('notFound.home')}
    </Link>
  );
  if (status === 404)
    return (
      <StatusCard
        icon={FileX}
        title={t('fileView.notFound.title')}
        description={t('fileView.notFound.description')}
        action={uploadLink}
      />
    );
  if (status === 410) {
    const [title, description] = GONE_KEYS[goneReason(error, known)];
    return <StatusCard icon={Hourglass} title={t(title)} description={t(description)} action={uploadLink} />;
  }
  if (status === 403)
    return (
      <StatusCard icon={Ban} title={t('fileView.forbidden.title')} description={t('fileView.forbidden.description')} />
    );
  return (
    <Card className="mx-auto max-w-xl">
      <ErrorState title={t('fileView.loadError')} message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}
