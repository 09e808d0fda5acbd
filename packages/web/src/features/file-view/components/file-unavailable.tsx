import { Permission, type FilePublicDto } from '@driftbox/contract';
import { Ban, FileX, Home, Hourglass, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusCard } from '../../../components/share/status-card';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { canUse } from '../../../lib/admin-access';
import { isApiError } from '../../../lib/api-error';
import { useAuth } from '../../../lib/auth-store';
import { errorMessage } from '../../../lib/error-message';

export type GoneReason = 'expired' | 'usedUp' | 'unknown';

/** The server's 410 messages that name one cause (both languages: the page may have switched since). */
const GONE_MESSAGES: Record<Exclude<GoneReason, 'unknown'>, RegExp> = {
  expired: /^(this file has expired|该文件已过期)[.。]?$/i,
  usedUp: /^(this file has reached its view limit|该文件已达到最大查看次数)[.。]?$/i,
};

/**
 * Why a share answered 410: the server's message when it names the cause, else the metadata the page
 * already holds (a protected share's locked answer); when neither tells, the page names both.
 */
export function goneReason(error: unknown, known: Pick<FilePublicDto, 'expires_at' | 'views' | 'max_views'> | undefined, now: number = Date.now()): GoneReason {
  const message = isApiError(error) ? (error.serverMessage ?? error.message).trim() : '';
  if (GONE_MESSAGES.expired.test(message)) return 'expired';
  if (GONE_MESSAGES.usedUp.test(message)) return 'usedUp';
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
export function FileUnavailable({ error, known, onRetry, retrying }: { error: unknown; known?: FilePublicDto; onRetry?: () => void; retrying?: boolean }) {
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
  if (status === 404) return <StatusCard icon={FileX} title={t('fileView.notFound.title')} description={t('fileView.notFound.description')} action={uploadLink} />;
  if (status === 410) {
    const [title, description] = GONE_KEYS[goneReason(error, known)];
    return <StatusCard icon={Hourglass} title={t(title)} description={t(description)} action={uploadLink} />;
  }
  if (status === 403) return <StatusCard icon={Ban} title={t('fileView.forbidden.title')} description={t('fileView.forbidden.description')} />;
  return (
    <Card className="mx-auto max-w-xl">
      <ErrorState title={t('fileView.loadError')} message={errorMessage(error)} onRetry={onRetry} retrying={retrying} />
    </Card>
  );
}
