import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { ExplorerAction } from '../lib/actions';
import { ACTION_ICONS } from './context-menu';

/** Shown while entries are selected: the count and what may be done with them (phones need no menu). */
export function SelectionBar({
  count,
  actions,
  onAction,
  onClear,
}: {
  count: number;
  actions: readonly ExplorerAction[];
  onAction(action: ExplorerAction): void;
  onClear(): void;
}) {
  const { t } = useTranslation();
  const shown = actions.filter((action) => action !== 'open' && action !== 'copyLink');
  return (
    <div
      role="region"
      aria-label={t('explorer.selection.label')}
      // relative: the phone's visually hidden labels (absolutely placed) stay inside the scrolling row
      // instead of widening the page (on a phone the page then zoomed out and every sheet was cut off).
      className="relative flex items-center gap-1 overflow-x-auto border-t border-line bg-accent-soft/60 px-2 py-1.5"
    >
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={t('explorer.selection.clear')}
        title={t('explorer.selection.clear')}
        onClick={onClear}
      >
        <X />
      </Button>
      <span className="mr-2 text-sm font-medium whitespace-nowrap text-fg">
        {t('explorer.selection.count', { count })}
      </span>
      {shown.map((action) => {
        const Icon = ACTION_ICONS[action];
        const label = t(`explorer.actions.${action}`);
        return (
          <Button
            key={action}
            variant={action === 'delete' ? 'danger' : 'outline'}
            size="sm"
            className="px-2.5 sm:px-3"
            icon={<Icon />}
            title={label}
            onClick={() => onAction(action)}
          >
            {/* Icons alone on phones: every action fits one thumb-wide row. */}
            <span className="sr-only sm:not-sr-only">{label}</span>
          </Button>
        );
      })}
    </div>
  );
}
