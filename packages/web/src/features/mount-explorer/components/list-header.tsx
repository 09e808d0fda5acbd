import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { SortKey, SortOrder } from '../lib/sort';

/** The list view's column heads (from sm up); a click sorts by the column, again reverses it. */
export function ListHeader({ sort, onSort }: { sort: SortOrder; onSort(next: SortOrder): void }) {
  const { t } = useTranslation();
  const head = (key: SortKey, className = '') => {
    const active = sort.key === key;
    const Arrow = sort.direction === 'asc' ? ArrowUp : ArrowDown;
    return (
      <button
        type="button"
        onClick={() => onSort({ key, direction: active && sort.direction === 'asc' ? 'desc' : 'asc' })}
        aria-label={t('explorer.sort.by', { column: t(`explorer.sort.${key}`) })}
        className={`flex items-center gap-1 rounded px-1 py-0.5 hover:text-fg ${active ? 'text-fg' : ''} ${className}`}
      >
        {t(`explorer.sort.${key}`)}
        {active ? <Arrow className="size-3" aria-hidden="true" /> : null}
      </button>
    );
  };
  return (
    <div className="hidden grid-cols-[minmax(0,1fr)_7rem_11rem_2.25rem] items-center gap-3 border-b border-line bg-subtle/50 px-3 py-1.5 text-xs font-medium text-fg-muted sm:grid">
      <div className="pl-10">{head('name')}</div>
      <div className="flex justify-end">{head('size')}</div>
      <div>{head('modified')}</div>
      <span />
    </div>
  );
}
