import type { PasteListItemDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../components/ui/checkbox';
import { Table, TBody, TD, TH, THead, TR } from '../../../components/ui/table';
import { CreatedText, ExpiryText, PasteActions, PasteLink, PastePreviewText, ProtectionBadge, ViewsText, type PasteActionHandlers } from './paste-cells';

export interface PasteListProps extends PasteActionHandlers {
  pastes: PasteListItemDto[];
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  now: number;
}

/** Wide layout: one row per paste; the select-all checkbox is in the header. */
export function PastesTable({ pastes, selected, onSelect, onSelectAll, allState, now, ...actions }: PasteListProps & { onSelectAll: (on: boolean) => void; allState: boolean | 'indeterminate' }) {
  const { t } = useTranslation();
  return (
    // Nine columns: slightly tighter cells than the default so the table fits beside the admin menu.
    <Table className="[&_td]:px-3 [&_th]:px-3">
      <THead>
        <tr>
          <TH className="w-10 pr-0">
            <Checkbox checked={allState} onCheckedChange={onSelectAll} aria-label={t('texts.table.selectAll')} />
          </TH>
          <TH>{t('texts.table.link')}</TH>
          <TH>{t('texts.table.remark')}</TH>
          <TH>{t('texts.table.preview')}</TH>
          <TH>{t('texts.table.password')}</TH>
          <TH>{t('texts.table.views')}</TH>
          <TH>{t('texts.table.expires')}</TH>
          <TH>{t('texts.table.created')}</TH>
          <TH className="text-right">{t('texts.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {pastes.map((paste) => (
          <TR key={paste.id} data-state={selected.has(paste.id) ? 'selected' : undefined} className="data-[state=selected]:bg-accent-soft/40">
            <TD className="pr-0">
              <Checkbox checked={selected.has(paste.id)} onCheckedChange={(on) => onSelect(paste.id, on)} aria-label={t('texts.table.selectRow', { slug: paste.slug })} />
            </TD>
            <TD className="max-w-40">
              <PasteLink paste={paste} />
            </TD>
            <TD className="max-w-44 min-w-32">
              <span className="line-clamp-2 break-words text-fg">{paste.remark || <span className="text-fg-subtle">—</span>}</span>
            </TD>
            <TD className="max-w-64 min-w-36">
              <PastePreviewText paste={paste} />
            </TD>
            <TD>
              <ProtectionBadge paste={paste} />
            </TD>
            <TD>
              <ViewsText paste={paste} now={now} />
            </TD>
            <TD className="whitespace-nowrap">
              <ExpiryText paste={paste} now={now} />
            </TD>
            <TD className="text-fg-muted">
              <CreatedText paste={paste} now={now} />
            </TD>
            <TD>
              <PasteActions paste={paste} {...actions} />
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
