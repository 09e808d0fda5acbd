import { Copy, FileDown, Pencil, Power, PowerOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import {
  ALL_PERMISSIONS,
  PERMISSION_OBJECT_KEYS,
  ROLE_PRESETS,
  hasPermission,
  type ApiKeyDto,
  type ApiKeyRole,
  type PermissionObjectKey,
} from '@driftbox/contract';
import { Badge } from '../../../components/ui/badge';
import { RelativeTime } from '../../../components/ui/relative-time';
import { RowActions } from '../../../components/ui/row-actions';
import { formatDate, formatDateTime } from '../../../lib/format';
import { isExpired } from '../lib/key-form';

/** Row actions shared by the table and the card list. */
export interface KeyActionHandlers {
  onCopy: (key: ApiKeyDto) => void;
  onEdit: (key: ApiKeyDto) => void;
  onDelete: (key: ApiKeyDto) => void;
  copyingId: string | undefined;
  /** Saves a ShareX custom uploader config (`.sxcu`) for the key. */
  onShareX: (key: ApiKeyDto) => void;
  sharexId: string | undefined;
  /** Enables a disabled key, disables an enabled one. */
  onToggleEnable: (key: ApiKeyDto) => void;
  togglingId: string | undefined;
}

export function RoleBadges({ apiKey }: { apiKey: ApiKeyDto }) {
  const { t } = useTranslation();
  const roles: Record<ApiKeyRole, string> = {
    GUEST: t('keys.form.roles.GUEST'),
    GENERAL: t('keys.form.roles.GENERAL'),
    ADMIN: t('keys.form.roles.ADMIN'),
  };
  const role = apiKey.role in ROLE_PRESETS ? roles[apiKey.role as ApiKeyRole] : apiKey.role;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {apiKey.is_enable === 0 ? <Badge tone="danger">{t('keys.table.disabled')}</Badge> : null}
      <Badge>{role}</Badge>
      {apiKey.is_guest === 1 && apiKey.role !== 'GUEST' ? <Badge tone="warning">{t('keys.table.guest')}</Badge> : null}
    </span>
  );
}

export function PermissionBadges({ mask }: { mask: number }) {
  const { t } = useTranslation();
  const granted = (Object.keys(PERMISSION_OBJECT_KEYS) as PermissionObjectKey[]).filter((key) =>
    hasPermission(mask, PERMISSION_OBJECT_KEYS[key]),
  );
  if (granted.length === 0) return <span className="text-fg-subtle">{t('keys.table.noPermissions')}</span>;
  return (
    <div className="flex flex-wrap gap-1">
      {mask === ALL_PERMISSIONS ? <Badge tone="accent">{t('keys.table.allPermissions')}</Badge> : null}
      {mask === ALL_PERMISSIONS
        ? null
        : granted.map((key) => (
            <Badge key={key} tone="accent">
              {t(`keys.permissions.${key}`)}
            </Badge>
          ))}
    </div>
  );
}

export function ExpiryText({ expiresAt, now }: { expiresAt: string | null; now: number }) {
  const { t, i18n } = useTranslation();
  if (!expiresAt) return <span className="text-fg-subtle">{t('keys.table.never')}</span>;
  const time = (
    <time dateTime={expiresAt} title={formatDateTime(expiresAt, i18n.language)}>
      {formatDate(expiresAt, i18n.language)}
    </time>
  );
  if (!isExpired(expiresAt, now)) return time;
  return (
    <span className="inline-flex items-center gap-1.5 text-danger-text">
      <Badge tone="danger">{t('keys.table.expired')}</Badge>
      {time}
    </span>
  );
}

export function LastUsedText({ lastUsed, now }: { lastUsed: string | null; now: number }) {
  const { t } = useTranslation();
  if (!lastUsed) return <span className="text-fg-subtle">{t('keys.table.neverUsed')}</span>;
  return <RelativeTime at={lastUsed} now={now} />;
}

export function KeyActions({
  apiKey,
  onCopy,
  onEdit,
  onDelete,
  copyingId,
  onShareX,
  sharexId,
  onToggleEnable,
  togglingId,
}: KeyActionHandlers & { apiKey: ApiKeyDto }) {
  const { t } = useTranslation();
  const toggle = apiKey.is_enable === 0 ? 'enable' : 'disable';
  const named = (action: 'copy' | 'sharex' | 'edit' | 'delete' | 'enable' | 'disable') =>
    t(`keys.actions.${action}Named`, { name: apiKey.name });
  return (
    <RowActions
      items={[
        {
          id: 'copy',
          icon: Copy,
          label: t('keys.actions.copy'),
          named: named('copy'),
          run: () => onCopy(apiKey),
          loading: copyingId === apiKey.id,
        },
        {
          id: 'sharex',
          icon: FileDown,
          label: t('keys.actions.sharex'),
          named: named('sharex'),
          run: () => onShareX(apiKey),
          loading: sharexId === apiKey.id,
        },
        { id: 'edit', icon: Pencil, label: t('keys.actions.edit'), named: named('edit'), run: () => onEdit(apiKey) },
        {
          id: toggle,
          icon: toggle === 'enable' ? Power : PowerOff,
          label: t(`keys.actions.${toggle}`),
          named: named(toggle),
          run: () => onToggleEnable(apiKey),
          loading: togglingId === apiKey.id,
        },
      ]}
      onDelete={() => onDelete(apiKey)}
      deleteLabel={t('keys.actions.delete')}
      deleteNamed={named('delete')}
    />
  );
}
