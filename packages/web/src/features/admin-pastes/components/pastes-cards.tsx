import { useTranslation } from 'react-i18next';
import { SelectableCard } from '../../../components/ui/selectable-list';
import {
  CreatedText,
  ExpiryText,
  PasteActions,
  PasteLink,
  PastePreviewText,
  AccessBadges,
  ViewsText,
} from './paste-cells';
import type { PasteListProps } from './pastes-table';

/** Narrow layout: one card per paste, so nothing scrolls sideways on a phone. */
export function PastesCards({ pastes, selected, onSelect, now, ...actions }: PasteListProps) {
  const { t } = useTranslation();
  return (
    <ul className="divide-y divide-line">
      {pastes.map((paste) => (
        <SelectableCard
          key={paste.id}
          checkboxClassName="mt-1"
          selected={selected.has(paste.id)}
          onSelect={(on) => onSelect(paste.id, on)}
          label={t('texts.table.selectRow', { slug: paste.slug })}
        >
          <div className="flex items-start justify-between gap-2">
            <PasteLink paste={paste} />
            <AccessBadges paste={paste} />
          </div>
          {paste.title ? <p className="text-sm font-medium break-words text-fg">{paste.title}</p> : null}
          {paste.remark ? (
            <p className={paste.title ? 'text-xs break-words text-fg-muted' : 'text-sm break-words text-fg'}>
              {paste.remark}
            </p>
          ) : null}
          <PastePreviewText paste={paste} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
            <dt className="text-fg-subtle">{t('texts.table.views')}</dt>
            <dd className="text-fg-muted">
              <ViewsText paste={paste} now={now} />
            </dd>
            <dt className="text-fg-subtle">{t('texts.table.expires')}</dt>
            <dd className="text-fg-muted">
              <ExpiryText paste={paste} now={now} />
            </dd>
            <dt className="text-fg-subtle">{t('texts.table.created')}</dt>
            <dd className="text-fg-muted">
              <CreatedText paste={paste} now={now} />
            </dd>
          </dl>
          <div className="-mx-1.5 flex justify-start">
            <PasteActions paste={paste} {...actions} />
          </div>
        </SelectableCard>
      ))}
    </ul>
  );
}
