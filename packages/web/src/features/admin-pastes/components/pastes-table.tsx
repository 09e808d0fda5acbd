import type { PasteListItemDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import {
  SelectableRow,
  SelectAllHead,
  type SelectableRowsProps,
  type SelectAllProps,
} from '../../../components/ui/selectable-list';
import { Table, TBody, TD, TH, THead } from '../../../components/ui/table';
import {
  CreatedText,
  ExpiryText,
  PasteActions,
  PasteLink,
  PastePreviewText,
  AccessBadges,
  ViewsText,
  type PasteActionHandlers,
} from './paste-cells';

export interface PasteListProps extends PasteActionHandlers, SelectableRowsProps {
  pastes: PasteListItemDto[];
}

/** Wide layout: one row per paste; the select-all checkbox is in the header. */
export function PastesTable({
  pastes,
  selected,
  onSelect,
  onSelectAll,
  allState,
  now,
  ...actions
}: PasteListProps & SelectAllProps) {
  const { t } = useTranslation();
  return (
    // Eight columns: slightly tighter cells than the default so the table fits beside the admin menu.
    <Table className="[&_td]:px-3 [&_th]:px-3">
      <THead>
        <tr>
          <SelectAllHead checked={allState} onCheckedChange={onSelectAll} label={t('texts.table.selectAll')} />
          <TH>{t('texts.table.link')}</TH>
          <TH>{t('texts.table.titleRemark')}</TH>
          <TH>{t('texts.table.preview')}</TH>
          <TH>{t('texts.table.views')}</TH>
          <TH>{t('texts.table.expires')}</TH>
          <TH>{t('texts.table.created')}</TH>
          <TH className="text-right">{t('texts.table.actions')}</TH>
        </tr>
      </THead>
      <TBody>
        {pastes.map((paste) => (
          <SelectableRow
            key={paste.id}
            selected={selected.has(paste.id)}
            onSelect={(on) => onSelect(paste.id, on)}
            label={t('texts.table.selectRow', { slug: paste.slug })}
          >
            <TD className="max-w-40">
              <PasteLink paste={paste} />
              {/* Protection and visibility sit under the link: a column of their own pushed the actions out at 1400 px. */}
              <AccessBadges paste={paste} />
            </TD>
            <TD className="max-w-44 min-w-32">
              {paste.title ? <span className="line-clamp-1 font-medium break-words text-fg">{paste.title}</span> : null}
              <span
                className={
                  paste.title ? 'line-clamp-1 text-xs break-words text-fg-muted' : 'line-clamp-2 break-words text-fg'
                }
              >
                {paste.remark || (paste.title ? null : <span className="text-fg-subtle">—</span>)}
              </span>
            </TD>
            <TD className="max-w-64 min-w-36">
              <PastePreviewText paste={paste} />
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
          </SelectableRow>
        ))}
      </TBody>
    </Table>
  );
}
