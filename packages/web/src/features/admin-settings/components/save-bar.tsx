import { CircleCheck, CircleDot, Save, Undo2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useStickyBottomInset } from '../../../lib/hooks/use-sticky-inset';

export interface SaveBarProps {
  dirtyCount: number;
  saving: boolean;
  onDiscard: () => void;
}

/**
 * Stays at the bottom of the screen while the form scrolls: how many changes are unsaved, discard and
 * save. The save button submits the form, so Enter in a text field saves too.
 */
export function SaveBar({ dirtyCount, saving, onDiscard }: SaveBarProps) {
  const { t } = useTranslation();
  const dirty = dirtyCount > 0;
  const bar = useRef<HTMLDivElement>(null);
  // The bar floats 0.75 rem (bottom-3) above the window's edge.
  useStickyBottomInset(bar, 12);
  return (
    <div
      ref={bar}
      className="sticky bottom-3 z-20 mt-6 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-2xl border border-line bg-surface/95 px-4 py-3 shadow-lg shadow-black/5 backdrop-blur supports-[backdrop-filter]:bg-surface/85"
    >
      <p className="flex items-center gap-2 text-sm" role="status">
        {dirty ? (
          <CircleDot className="size-4 shrink-0 text-warning-text" aria-hidden="true" />
        ) : (
          <CircleCheck className="size-4 shrink-0 text-success-text" aria-hidden="true" />
        )}
        <span className={dirty ? 'font-medium text-fg' : 'text-fg-muted'}>
          {dirty ? t('settings.saveBar.unsaved', { count: dirtyCount }) : t('settings.saveBar.clean')}
        </span>
      </p>
      <div className="ml-auto flex items-center gap-2">
        <Button variant="ghost" icon={<Undo2 />} disabled={!dirty || saving} onClick={onDiscard}>
          {t('settings.saveBar.discard')}
        </Button>
        <Button type="submit" icon={<Save />} disabled={!dirty} loading={saving}>
          {t('settings.saveBar.save')}
        </Button>
      </div>
    </div>
  );
}
