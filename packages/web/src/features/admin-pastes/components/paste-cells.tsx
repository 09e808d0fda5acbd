import type { PasteListItemDto } from '@driftbox/contract';
import { Eye, Link2, Pencil, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { RelativeTime } from '../../../components/ui/relative-time';
import { RowActions } from '../../../components/ui/row-actions';
import { formatDate, formatDateTime } from '../../../lib/format';
import { pasteDeadReason } from '../../../lib/shares/share-status';

/** Row actions shared by the table and the card list. */
export interface PasteActionHandlers {
  onPreview: (paste: PasteListItemDto) => void;
  onCopyLink: (paste: PasteListItemDto) => void;
  onQr: (paste: PasteListItemDto) => void;
  onEdit: (paste: PasteListItemDto) => void;
  onDelete: (paste: PasteListItemDto) => void;
}

/** The slug as a link to the paste page (new tab), and who created it. */
export function PasteLink({ paste }: { paste: PasteListItemDto }) {
  const { t } = useTranslation();
  const creator = paste.created_by.startsWith('apikey:')
    ? t('texts.table.byKey', { name: paste.key_name ?? paste.created_by.slice(7) })
    : t('texts.table.byAdmin');
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <a
        href={`/paste/${encodeURIComponent(paste.slug)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="truncate font-mono text-sm font-medium text-accent-text hover:underline"
      >
        {paste.slug}
      </a>
      <span className="truncate text-xs text-fg-subtle">{creator}</span>
    </div>
  );
}

/** The first characters of the content, on at most two lines. */
export function PastePreviewText({ paste }: { paste: PasteListItemDto }) {
  return <p className="line-clamp-2 text-xs [overflow-wrap:anywhere] text-fg-muted">{paste.content_preview}</p>;
}

/** Password protection and private visibility, as badges (none for a public paste without a password). */
export function AccessBadges({ paste }: { paste: PasteListItemDto }) {
  const { t } = useTranslation();
  if (!paste.has_password && paste.is_public) return null;
  return (
    <div className="mt-1 flex flex-wrap gap-1">
      {paste.has_password ? <ProtectionBadge paste={paste} /> : null}
      {paste.is_public ? null : (
        <Badge tone="neutral" title={t('texts.table.privateHint')}>
          {t('texts.table.private')}
        </Badge>
      )}
    </div>
  );
}

export function ProtectionBadge({ paste }: { paste: PasteListItemDto }) {
  const { t } = useTranslation();
  if (!paste.has_password) return <span className="text-fg-subtle">—</span>;
  return <Badge tone="warning">{t('texts.table.protected')}</Badge>;
}

/** "3 / 10", "3 / ∞", with a badge once the limit is reached. */
export function ViewsText({ paste, now }: { paste: PasteListItemDto; now: number }) {
  const { t } = useTranslation();
  const usedUp = pasteDeadReason(paste, now) === 'usedUp';
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap tabular-nums">
      {paste.view_count} / {paste.max_views > 0 ? paste.max_views : <span title={t('texts.table.unlimited')}>∞</span>}
      {usedUp ? <Badge tone="danger">{t('texts.table.usedUp')}</Badge> : null}
    </span>
  );
}

export function ExpiryText({ paste, now }: { paste: PasteListItemDto; now: number }) {
  const { t, i18n } = useTranslation();
  if (!paste.expires_at) return <span className="text-fg-subtle">{t('texts.table.never')}</span>;
  const time = (
    <time dateTime={paste.expires_at} title={formatDateTime(paste.expires_at, i18n.language)}>
      {formatDate(paste.expires_at, i18n.language)}
    </time>
  );
  if (pasteDeadReason({ ...paste, max_views: 0 }, now) !== 'expired') return time;
  return (
    <span className="inline-flex items-center gap-1.5 text-danger-text">
      <Badge tone="danger">{t('texts.table.expired')}</Badge>
      {time}
    </span>
  );
}

export function CreatedText({ paste, now }: { paste: PasteListItemDto; now: number }) {
  return <RelativeTime at={paste.created_at} now={now} className="whitespace-nowrap" />;
}

export function PasteActions({
  paste,
  onPreview,
  onCopyLink,
  onQr,
  onEdit,
  onDelete,
}: PasteActionHandlers & { paste: PasteListItemDto }) {
  const { t } = useTranslation();
  const items = [
    {
      id: 'preview',
      icon: Eye,
      label: t('texts.actions.preview'),
      named: t('texts.actions.previewNamed', { slug: paste.slug }),
      run: onPreview,
    },
    {
      id: 'copy',
      icon: Link2,
      label: t('texts.actions.copyLink'),
      named: t('texts.actions.copyLinkNamed', { slug: paste.slug }),
      run: onCopyLink,
    },
    {
      id: 'qr',
      icon: QrCode,
      label: t('texts.actions.qr'),
      named: t('texts.actions.qrNamed', { slug: paste.slug }),
      run: onQr,
    },
    {
      id: 'edit',
      icon: Pencil,
      label: t('texts.actions.edit'),
      named: t('texts.actions.editNamed', { slug: paste.slug }),
      run: onEdit,
    },
  ];
  return (
    <RowActions
      items={items.map((item) => ({ ...item, run: () => item.run(paste) }))}
      onDelete={() => onDelete(paste)}
      deleteLabel={t('texts.actions.delete')}
      deleteNamed={t('texts.actions.deleteNamed', { slug: paste.slug })}
    />
  );
}
