import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopyLink } from '../../../components/share/use-copy-link';
import { Button } from '../../../components/ui/button';
import { Card, CardHeader } from '../../../components/ui/card';
import { formatBytes, formatRelativeTime } from '../../../lib/format';
import type { RecentUpload } from '../lib/recent-uploads';

/** The last 3 uploads of this browser (spec §9), kept in localStorage. */
export function RecentUploads({ uploads, onClear }: { uploads: RecentUpload[]; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const copyLink = useCopyLink();
  if (uploads.length === 0) return null;

  return (
    <Card role="region" aria-label={t('upload.recent.title')}>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <History className="size-4 text-fg-muted" aria-hidden="true" />
            {t('upload.recent.title')}
          </span>
        }
        actions={
          <Button variant="ghost" size="sm" onClick={onClear} aria-label={t('upload.recent.clearLabel')}>
            {t('upload.recent.clear')}
          </Button>
        }
        className="py-3"
      />
      <ul className="divide-y divide-line">
        {uploads.map((upload) => (
          <li key={upload.slug} className="flex items-center gap-3 px-5 py-3">
            <div className="min-w-0 flex-1">
              <Link
                to={`/file/${encodeURIComponent(upload.slug)}`}
                className="block truncate text-sm font-medium text-accent-text hover:underline"
                title={upload.filename}
              >
                {upload.filename}
              </Link>
              <p className="text-xs text-fg-muted">
                {formatBytes(upload.size)} · {formatRelativeTime(upload.uploadedAt, i18n.language)}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              onClick={() => void copyLink(upload.url, t('upload.result.linkCopied'))}
              aria-label={t('upload.result.copyLink', { name: upload.filename })}
            >
              {t('share.copy')}
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
