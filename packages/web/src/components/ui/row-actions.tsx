import { Trash2, type LucideIcon } from 'lucide-react';
import { Button } from './button';

export interface RowAction {
  id: string;
  icon: LucideIcon;
  /** Tooltip. */
  label: string;
  /** Accessible name naming the row ("Edit abc"). */
  named: string;
  run: () => void;
}

/** The icon buttons at the end of a management row, the destructive one last and red on hover. */
export function RowActions({ items, onDelete, deleteLabel, deleteNamed }: { items: RowAction[]; onDelete: () => void; deleteLabel: string; deleteNamed: string }) {
  return (
    <div className="flex justify-end gap-0.5">
      {items.map((item) => (
        <Button key={item.id} variant="ghost" size="icon-sm" onClick={item.run} aria-label={item.named} title={item.label}>
          <item.icon />
        </Button>
      ))}
      <Button variant="ghost" size="icon-sm" className="hover:bg-danger-soft hover:text-danger-text" onClick={onDelete} aria-label={deleteNamed} title={deleteLabel}>
        <Trash2 />
      </Button>
    </div>
  );
}
