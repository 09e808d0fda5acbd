import { useTranslation } from 'react-i18next';
import type { ApiKeyDto } from '@driftbox/contract';
import {
  SelectableRow,
  SelectAllHead,
  type SelectableRowsProps,
  type SelectAllProps,
} from '../../../components/ui/selectable-list';
import { Table, TBody, TD, TH, THead } from '../../../components/ui/table';
import {
  ExpiryText,
  KeyActions,
  LastUsedText,
  PermissionBadges,
  RoleBadges,
  type KeyActionHandlers,
} from './key-cells';

export interface KeyListProps extends KeyActionHandlers, SelectableRowsProps {
  keys: ApiKeyDto[];
}

/** Wide layout: one row per key. The select-all checkbox sits in the header. */
export function KeysTable({
  keys,
  selected,
  onSelect,
  onSelectAll,
  allState,
  now,
  ...actions
}: KeyListProps & SelectAllProps) {
  const { t } = useTranslation();
  return (
    <Table>
      <THead>
        <tr>
          <SelectAllHead checked={allState} onCheckedChange={onSelectAll} label={t('keys.table.selectAll')} />
          <TH>{t('keys.table.name')}</TH>
          <TH>{t('keys.table.permissions')}</TH>
          <TH>{t('keys.table.basePath')}</TH>
          <TH>{t('keys.table.expires')}</TH>
          <TH>{t('keys.table.lastUsed')}</TH>
          <TH className="text-right">{t('keys.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {keys.map((key) => (
          <SelectableRow
            key={key.id}
            selected={selected.has(key.id)}
            onSelect={(on) => onSelect(key.id, on)}
            label={t('keys.table.selectRow', { name: key.name })}
          >
            <TD>
              <div className="flex min-w-36 flex-col gap-1">
                <span
                  className={key.is_enable === 0 ? 'font-medium text-fg-muted line-through' : 'font-medium text-fg'}
                >
                  {key.name}
                </span>
                <span className="font-mono text-xs text-fg-subtle" title={t('keys.table.key')}>
                  {key.key_masked}
                </span>
                <RoleBadges apiKey={key} />
              </div>
            </TD>
            <TD className="max-w-64 min-w-44">
              <PermissionBadges mask={key.permissions} />
            </TD>
            <TD className="font-mono text-xs text-fg-muted">{key.basic_path}</TD>
            <TD className="whitespace-nowrap">
              <ExpiryText expiresAt={key.expires_at} now={now} />
            </TD>
            <TD className="whitespace-nowrap text-fg-muted">
              <LastUsedText lastUsed={key.last_used} now={now} />
            </TD>
            <TD>
              <KeyActions apiKey={key} {...actions} />
            </TD>
          </SelectableRow>
        ))}
      </TBody>
    </Table>
  );
}
