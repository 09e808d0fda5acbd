import type { MountDto } from '@driftbox/contract';
import { Cloud, FolderTree, HardDrive, Pencil } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { RowActions } from '../../../components/ui/row-actions';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';

export interface MountCardProps {
  mount: MountDto;
  /** The storage config's display name; undefined while the configs load or when it is gone. */
  storageName: string | undefined;
  onToggle: (mount: MountDto) => void;
  onEdit: (mount: MountDto) => void;
  onDelete: (mount: MountDto) => void;
  /** An enable/disable call for this mount is under way. */
  toggling: boolean;
}

/** "5 min", "1 h", "90 s", or "off" for 0: the largest whole unit. */
export function formatSeconds(seconds: number, t: TFunction): string {
  if (seconds === 0) return t('mounts.card.off');
  if (seconds % 3600 === 0) return t('storage.duration.hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return t('storage.duration.minutes', { count: seconds / 60 });
  return t('storage.duration.seconds', { count: seconds });
}

/** Who made the mount: the server itself, or an admin (the original also had API-key mounts). */
export function creatorLabel(createdBy: string, t: TFunction): string {
  if (createdBy === 'system') return t('mounts.card.creatorSystem');
  if (createdBy.startsWith('apikey:')) return t('mounts.card.creatorKey');
  return t('mounts.card.creatorAdmin');
}

function signatureLabel(mount: MountDto, t: TFunction): string {
  if (mount.enable_sign !== 1) return t('mounts.card.signOff');
  if (mount.sign_expires === null) return t('mounts.card.signGlobal');
  if (mount.sign_expires === 0) return t('mounts.card.signNever');
  return formatSeconds(mount.sign_expires, t);
}

/** One mount: where it sits in the tree, what it points at, how it is served, and what can be done with it. */
export function MountCard({ mount, storageName, onToggle, onEdit, onDelete, toggling }: MountCardProps) {
  const { t } = useTranslation();
  const active = mount.is_active === 1;
  const Icon = mount.storage_type === 'S3' ? Cloud : HardDrive;
  return (
    <Card
      className={cn('flex flex-col gap-3 p-4 sm:p-5', !active && 'opacity-80')}
      role="article"
      aria-label={mount.name}
    >
      <div className="flex items-start gap-3">
        <div
          className={cn(
            'flex size-10 shrink-0 items-center justify-center rounded-xl',
            active ? 'bg-accent-soft text-accent-text' : 'bg-subtle text-fg-subtle',
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-fg" title={mount.name}>
            {mount.name}
          </h2>
          <p className="flex items-center gap-1 truncate font-mono text-xs text-fg-muted" title={mount.mount_path}>
            <FolderTree className="size-3 shrink-0" aria-hidden="true" />
            {mount.mount_path}
          </p>
        </div>
        <Switch
          checked={active}
          disabled={toggling}
          onCheckedChange={() => onToggle(mount)}
          aria-label={t(active ? 'mounts.actions.disableNamed' : 'mounts.actions.enableNamed', { name: mount.name })}
        />
      </div>
      <div className="flex flex-wrap gap-1">
        <Badge tone={active ? 'success' : 'neutral'}>{t(active ? 'mounts.card.active' : 'mounts.card.disabled')}</Badge>
        <Badge>{t(`storage.types.${mount.storage_type}`)}</Badge>
        {mount.web_proxy === 1 ? <Badge tone="accent">{t('mounts.card.proxy')}</Badge> : null}
        {mount.enable_sign === 1 ? <Badge tone="warning">{t('mounts.card.signed')}</Badge> : null}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
        <dt className="text-fg-subtle">{t('mounts.card.storage')}</dt>
        <dd className="truncate text-fg-muted" title={storageName ?? mount.storage_config_id}>
          {storageName ?? mount.storage_config_id}
        </dd>
        <dt className="text-fg-subtle">{t('mounts.card.webdav')}</dt>
        <dd className="truncate text-fg-muted">{t(`mounts.policies.${mount.webdav_policy}`)}</dd>
        <dt className="text-fg-subtle">{t('mounts.card.cacheTtl')}</dt>
        <dd className="text-fg-muted tabular-nums">{formatSeconds(mount.cache_ttl, t)}</dd>
        <dt className="text-fg-subtle">{t('mounts.card.signature')}</dt>
        <dd className="text-fg-muted">{signatureLabel(mount, t)}</dd>
        <dt className="text-fg-subtle">{t('mounts.card.sortOrder')}</dt>
        <dd className="text-fg-muted tabular-nums">{mount.sort_order}</dd>
        <dt className="text-fg-subtle">{t('mounts.card.creator')}</dt>
        <dd className="truncate text-fg-muted">{creatorLabel(mount.created_by, t)}</dd>
        {mount.remark ? (
          <>
            <dt className="text-fg-subtle">{t('mounts.card.remark')}</dt>
            <dd className="line-clamp-2 text-fg-muted [overflow-wrap:anywhere]">{mount.remark}</dd>
          </>
        ) : null}
      </dl>
      <div className="mt-auto flex items-center border-t border-line pt-2">
        <RowActions
          className="ml-auto"
          items={[
            {
              id: 'edit',
              icon: Pencil,
              label: t('mounts.actions.edit'),
              named: t('mounts.actions.editNamed', { name: mount.name }),
              run: () => onEdit(mount),
            },
          ]}
          onDelete={() => onDelete(mount)}
          deleteLabel={t('mounts.actions.delete')}
          deleteNamed={t('mounts.actions.deleteNamed', { name: mount.name })}
        />
      </div>
    </Card>
  );
}
