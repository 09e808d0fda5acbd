import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Checkbox } from './checkbox';
import { TD, TH, TR } from './table';

/** What the table and card layouts of a management list share: the row selection and the clock. */
export interface SelectableRowsProps {
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  now: number;
}

/** The table layout also holds the select-all checkbox, in its header. */
export interface SelectAllProps {
  onSelectAll: (on: boolean) => void;
  allState: boolean | 'indeterminate';
}

interface SelectableItemProps {
  selected: boolean;
  onSelect: (on: boolean) => void;
  /** The checkbox's accessible name, naming the row. */
  label: string;
  children: ReactNode;
}

/** The first header cell of a selectable table: the select-all checkbox. */
export function SelectAllHead({
  checked,
  onCheckedChange,
  label,
}: {
  checked: boolean | 'indeterminate';
  onCheckedChange: (on: boolean) => void;
  label: string;
}) {
  return (
    <TH className="w-10 pr-0">
      <Checkbox checked={checked} onCheckedChange={onCheckedChange} aria-label={label} />
    </TH>
  );
}

/** A table row with its selection checkbox first, tinted while selected. */
export function SelectableRow({ selected, onSelect, label, children }: SelectableItemProps) {
  return (
    <TR data-state={selected ? 'selected' : undefined} className="data-[state=selected]:bg-accent-soft/40">
      <TD className="pr-0">
        <Checkbox checked={selected} onCheckedChange={onSelect} aria-label={label} />
      </TD>
      {children}
    </TR>
  );
}

/** A card (list item) with its selection checkbox on the left, tinted while selected. */
export function SelectableCard({
  selected,
  onSelect,
  label,
  checkboxClassName,
  children,
}: SelectableItemProps & { checkboxClassName: string }) {
  return (
    <li className={cn('flex gap-3 px-4 py-4', selected && 'bg-accent-soft/40')}>
      <Checkbox className={checkboxClassName} checked={selected} onCheckedChange={onSelect} aria-label={label} />
      <div className="flex min-w-0 flex-1 flex-col gap-2">{children}</div>
    </li>
  );
}
