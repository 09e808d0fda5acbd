import { useTranslation } from 'react-i18next';
import { SelectableCard } from '../../../components/ui/selectable-list';
import { ExpiryText, KeyActions, LastUsedText, PermissionBadges, RoleBadges } from './key-cells';
import type { KeyListProps } from './keys-table';

/** Narrow layout: one card per key, so nothing scrolls sideways on a phone. */
export function KeysCards({ keys, selected, onSelect, now, ...actions }: KeyListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-line">
      {keys.map((key) => (
        <SelectableCard
          key={key.id}
          checkboxClassName="mt-1"
          selected={selected.has(key.id)}
          onSelect={(on) => onSelect(key.id, on)}
          label={t('keys.table.selectRow', { name: key.name })}
        >
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p
                className={
                  key.is_enable === 0
                    ? 'truncate font-medium text-fg-muted line-through'
                    : 'truncate font-medium text-fg'
                }
              >
                {key.name}
              </p>
              <p className="truncate font-mono text-xs text-fg-subtle">
                {key.key_masked} · {key.basic_path}
              </p>
            </div>
            <KeyActions apiKey={key} {...actions} />
          </div>
          <div className="flex flex-wrap items-center gap-1">
            <RoleBadges apiKey={key} />
          </div>
          <PermissionBadges mask={key.permissions} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-fg-subtle">{t('keys.table.expires')}</dt>
            <dd className="text-fg-muted">
              <ExpiryText expiresAt={key.expires_at} now={now} />
            </dd>
            <dt className="text-fg-subtle">{t('keys.table.lastUsed')}</dt>
            <dd className="text-fg-muted">
              <LastUsedText lastUsed={key.last_used} now={now} />
            </dd>
          </dl>
        </SelectableCard>
      ))}
    </ul>
  );
}
