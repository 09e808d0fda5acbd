import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { focusRing } from './button';

export interface TabItem<V extends string> {
  value: V;
  label: ReactNode;
  icon?: ReactNode;
  content: ReactNode;
}

export interface TabsProps<V extends string> {
  label: string;
  value: V;
  onValueChange: (value: V) => void;
  items: TabItem<V>[];
  className?: string;
  /**
   * Keep every panel mounted and only hide the inactive ones, so work a panel holds (a transfer it
   * follows, what was typed) survives switching tabs.
   */
  keepMounted?: boolean;
}

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active panel is rendered unless `keepMounted`. */
export function Tabs<V extends string>({ label, value, onValueChange, items, className, keepMounted }: TabsProps<V>) {
  const baseId = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.value === value),
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: activeIndex + 1,
      ArrowLeft: activeIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const index = (target + items.length) % items.length;
    const item = items[index];
    if (!item) return;
    onValueChange(item.value);
    refs.current[index]?.focus();
  }

  const active = items[activeIndex];
  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-subtle p-1"
      >
        {items.map((item, index) => {
          const selected = index === activeIndex;
          return (
            <button
              key={item.value}
              ref={(el) => {
                refs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              className={cn(
                'inline-flex min-h-9 items-center justify-center gap-2 rounded-lg px-3 py-1.5 text-center text-sm leading-tight font-medium transition-colors [&_svg]:size-4 [&_svg]:shrink-0',
                focusRing,
                'focus-visible:ring-offset-0',
                // Dark surfaces sit below the bar's colour: the chosen tab is lifted to `muted` there instead.
                selected ? 'bg-surface text-fg shadow-sm dark:bg-muted' : 'text-fg-muted hover:text-fg',
              )}
            >
              {item.icon}
              {item.label}
            </button>
          );
        })}
      </div>
      {/* No aria-labelledby on a panel: it would give the panel the tab's name, and forms inside are
          found by label (a panel named "API key" would clash with the "API key" field). */}
      {items.map((item) =>
        item === active || keepMounted ? (
          <div
            key={item.value}
            role="tabpanel"
            id={`${baseId}-panel-${item.value}`}
            hidden={item !== active}
            className="mt-5"
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
