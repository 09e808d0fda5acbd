import { useTranslation } from 'react-i18next';
import type { ApiKeyDto } from '@driftbox/contract';
import { Checkbox } from '../../../components/ui/checkbox';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { ExpiryText, KeyActions, LastUsedText, PermissionBadges, RoleBadges, type KeyActionHandlers } from './key-cells';

export interface KeyListProps extends KeyActionHandlers {
  keys: ApiKeyDto[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  now: number;
}

/** Wide layout: one row per key. The select-all checkbox sits in the header. */
export function KeysTable({ keys, selected, onSelect, onSelectAll, allState, now, ...actions }: KeyListProps & { onSelectAll: (on: boolean) => void; allState: boolean | 'indeterminate' }) {
  const { t } = useTranslation();
  return (
    <Table>
      <THead>
        <tr>
          <TH className="w-10 pr-0">
            <Checkbox checked={allState} onCheckedChange={onSelectAll} aria-label={t('keys.table.selectAll')} />
          </TH>
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
          <TR key={key.id} data-state={selected.has(key.id) ? 'selected' : undefined} className="data-[state=selected]:bg-accent-soft/40">
            <TD className="pr-0">
              <Checkbox checked={selected.has(key.id)} onCheckedChange={(on) => onSelect(key.id, on)} aria-label={t('keys.table.selectRow', { name: key.name })} />
            </TD>
            <TD>
              <div className="flex min-w-36 flex-col gap-1">
                <span className="font-medium text-fg">{key.name}</span>
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
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
