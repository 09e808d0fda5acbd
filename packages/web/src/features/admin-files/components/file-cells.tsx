import type { FileDto } from '@driftbox/contract';
import { ExternalLink, Link2, Lock, Pencil, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FileTypeIcon } from '../../../components/share/file-type-icon';
import { Badge } from '../../../components/ui/badge';
import { RelativeTime } from '../../../components/ui/relative-time';
import { RowActions } from '../../../components/ui/row-actions';
import { cn } from '../../../lib/cn';
import { formatDate, formatDateTime, formatTime } from '../../../lib/format';
import { fileDeadReason } from '../../../lib/shares/share-status';
import { storageConfigName } from '../../../lib/shares/storage-config-name';

/** Row actions shared by the table and the card list. */
export interface FileActionHandlers {
  onCopyLink: (file: FileDto) => void;
  onQr: (file: FileDto) => void;
  onEdit: (file: FileDto) => void;
  onDelete: (file: FileDto) => void;
}

/**
 * Type icon, file name, the link (slug) and who created it; the table also puts the remark here and
 * lets a long name take two lines, so more of it shows before the ellipsis. Given `now` (the table), it
 * also says when, where the card is too narrow for the Created column.
 */
export function FileNameCell({
  file,
  showRemark = false,
  nameLines = 1,
  now,
}: {
  file: FileDto;
  showRemark?: boolean;
  nameLines?: 1 | 2;
  now?: number;
}) {
  const { t } = useTranslation();
  const creator = file.created_by.startsWith('apikey:')
    ? t('files.table.byKey', { name: file.key_name ?? file.created_by.slice(7) })
    : t('files.table.byAdmin');
  return (
    <div className="flex min-w-0 items-center gap-3">
      <FileTypeIcon filename={file.filename} mimetype={file.mimetype} />
      <div className="flex min-w-0 flex-col gap-0.5">
        <span className="flex min-w-0 items-center gap-1.5">
          {/* line-clamp + wrap-anywhere instead of truncate: the name may then shrink its table column (a
              nowrap name would force the table wider than its card and hide the row actions), and it
              breaks after a hyphen or between words where it can, mid-word only where it must. */}
          <span
            className={cn(nameLines === 2 ? 'line-clamp-2' : 'line-clamp-1', 'font-medium wrap-anywhere text-fg')}
            title={file.filename}
          >
            {file.filename}
          </span>
          {file.has_password ? (
            <Lock className="size-3.5 shrink-0 text-warning-text" aria-label={t('files.table.protected')} />
          ) : null}
        </span>
        {/* Wraps by part, never clamped: a narrow name column must still show when the share was created. */}
        <span className="flex min-w-0 flex-wrap gap-x-1 text-xs text-fg-subtle">
          <span className="font-mono break-all">/{file.slug}</span>
          {/* The leading spaces are dropped on screen (start of a flex item) but keep the text readable as one line. */}
          <span className="wrap-anywhere"> · {creator}</span>
          {now === undefined ? null : (
            <span className="whitespace-nowrap @min-[72rem]:hidden">
              {' · '}
              <FileCreatedText file={file} now={now} />
            </span>
          )}
        </span>
        {showRemark && file.remark ? (
          <span className="line-clamp-1 text-xs break-all text-fg-muted" title={file.remark}>
            {file.remark}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** "3 / 10", "3 / ∞", with a badge once the limit is reached. */
export function FileViewsText({ file, now }: { file: FileDto; now: number }) {
  const { t } = useTranslation();
  return (
    // The badge wraps under the count when the table is tight (as the expiry's does).
    <span className="inline-flex flex-wrap items-center gap-x-1.5 gap-y-0.5 tabular-nums">
      <span className="whitespace-nowrap">
        {file.views} / {file.max_views > 0 ? file.max_views : <span title={t('files.table.unlimited')}>∞</span>}
      </span>
      {fileDeadReason(file, now) === 'usedUp' ? <Badge tone="danger">{t('files.table.usedUp')}</Badge> : null}
    </span>
  );
}

export function FileExpiryText({ file, now }: { file: FileDto; now: number }) {
  const { t, i18n } = useTranslation();
  if (!file.expires_at) return <span className="text-fg-subtle">{t('files.table.never')}</span>;
  const time = (
    // The time too, on its own line: a share may expire within the hour (a tooltip is out of reach on touch).
    <time
      dateTime={file.expires_at}
      title={formatDateTime(file.expires_at, i18n.language)}
      className="whitespace-nowrap"
    >
      {formatDate(file.expires_at, i18n.language)}
      <span className="block text-xs text-fg-subtle">{formatTime(file.expires_at, i18n.language)}</span>
    </time>
  );
  if (fileDeadReason({ ...file, max_views: 0 }, now) !== 'expired') return time;
  return (
    <span className="inline-flex flex-col items-start gap-0.5 text-danger-text">
      <Badge tone="danger">{t('files.table.expired')}</Badge>
      {time}
    </span>
  );
}

/** The storage config's name and whether links go through the server (proxy) or straight to storage. */
/** `lines`: how many lines a long storage name may take before it is cut (the table allows two). */
export function FileStorageText({ file, lines = 1 }: { file: FileDto; lines?: 1 | 2 }) {
  const { t } = useTranslation();
  const name =
    file.storage_config_name === null
      ? file.storage_config_id
      : storageConfigName({ id: file.storage_config_id, name: file.storage_config_name }, t);
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <span className={cn(lines === 2 ? 'line-clamp-2' : 'line-clamp-1', 'wrap-anywhere text-fg-muted')} title={name}>
        {name}
      </span>
      <span className="text-xs whitespace-nowrap text-fg-subtle">
        {file.use_proxy === 1 ? t('files.table.proxy') : t('files.table.direct')}
      </span>
    </div>
  );
}

export function FileCreatedText({ file, now }: { file: FileDto; now: number }) {
  return <RelativeTime at={file.created_at} now={now} className="whitespace-nowrap" />;
}

export function FileActions({ file, onCopyLink, onQr, onEdit, onDelete }: FileActionHandlers & { file: FileDto }) {
  const { t } = useTranslation();
  const name = { name: file.filename };
  const items = [
    {
      id: 'open',
      icon: ExternalLink,
      label: t('files.actions.open'),
      named: t('files.actions.openNamed', name),
      // Opening the share page is a visit like any other: it counts a view.
      href: `/file/${encodeURIComponent(file.slug)}`,
    },
    {
      id: 'copy',
      icon: Link2,
      label: t('files.actions.copyLink'),
      named: t('files.actions.copyLinkNamed', name),
      run: () => onCopyLink(file),
    },
    {
      id: 'qr',
      icon: QrCode,
      label: t('files.actions.qr'),
      named: t('files.actions.qrNamed', name),
      run: () => onQr(file),
    },
    {
      id: 'edit',
      icon: Pencil,
      label: t('files.actions.edit'),
      named: t('files.actions.editNamed', name),
      run: () => onEdit(file),
    },
  ];
  return (
    <RowActions
      items={items}
      onDelete={() => onDelete(file)}
      deleteLabel={t('files.actions.delete')}
      deleteNamed={t('files.actions.deleteNamed', name)}
    />
  );
}
