import { Trash2, type LucideIcon } from 'lucide-react';
import { cn } from '../../lib/cn';
import { Button } from './button';

export interface RowAction {
  id: string;
  icon: LucideIcon;
  /** Tooltip. */
  label: string;
  /** Accessible name naming the row ("Edit abc"). */
  named: string;
  run: () => void;
  /** Shows a spinner in place of the icon (the action is under way). */
  loading?: boolean;
}

/** The icon buttons at the end of a management row, the destructive one last and red on hover. */
export function RowActions({ items, onDelete, deleteLabel, deleteNamed, className }: { items: RowAction[]; onDelete: () => void; deleteLabel: string; deleteNamed: string; className?: string }) {
  return (
    <div className={cn('flex justify-end gap-0.5', className)}>
      {items.map((item) => (
        <Button key={item.id} variant="ghost" size="icon-sm" loading={item.loading} onClick={item.run} aria-label={item.named} title={item.label}>
          {item.loading ? null : <item.icon />}
        </Button>
      ))}
      <Button variant="ghost" size="icon-sm" className="hover:bg-danger-soft hover:text-danger-text" onClick={onDelete} aria-label={deleteNamed} title={deleteLabel}>
        <Trash2 />
      </Button>
    </div>
  );
}
