import { Trash2, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { cn } from '../../lib/cn';
import { Button, buttonClasses } from './button';
import { toast } from './toaster';

export interface RowAction {
  id: string;
  icon: LucideIcon;
  /** Tooltip. */
  label: string;
  /** Accessible name naming the row ("Edit abc"). */
  named: string;
  /** A page to open in a new tab: a real link (middle-click, copy address), not a button. */
  href?: string;
  run?: () => void;
  /** Shows a spinner in place of the icon (the action is under way). */
  loading?: boolean;
}

export interface RowActionsProps {
  items: RowAction[];
  onDelete: () => void;
  deleteLabel: string;
  deleteNamed: string;
  /**
   * Why this row cannot be deleted (the default storage config). Delete then stays focusable but marked
   * disabled, gives the reason on hover, to screen readers and on a click (a toast, for touch), and asks
   * nothing: a confirmation the server would refuse afterwards only wastes the admin's time.
   */
  deleteBlocked?: string;
  className?: string;
}

/** The icon buttons at the end of a management row, the destructive one last and red on hover. */
export function RowActions({ items, onDelete, deleteLabel, deleteNamed, deleteBlocked, className }: RowActionsProps) {
  const reasonId = useId();
  return (
    <div className={cn('flex justify-end gap-0.5', className)}>
      {items.map((item) =>
        item.href === undefined ? (
          <Button
            key={item.id}
            variant="ghost"
            size="icon-sm"
            loading={item.loading}
            onClick={item.run}
            aria-label={item.named}
            title={item.label}
          >
            {item.loading ? null : <item.icon />}
          </Button>
        ) : (
          <a
            key={item.id}
            href={item.href}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses('ghost', 'icon-sm')}
            aria-label={item.named}
            title={item.label}
          >
            <item.icon />
          </a>
        ),
      )}
      {deleteBlocked === undefined ? (
        <Button
          variant="ghost"
          size="icon-sm"
          className="hover:bg-danger-soft hover:text-danger-text"
          onClick={onDelete}
          aria-label={deleteNamed}
          title={deleteLabel}
        >
          <Trash2 />
        </Button>
      ) : (
        <>
          <Button
            variant="ghost"
            size="icon-sm"
            className="cursor-not-allowed opacity-50"
            aria-disabled="true"
            aria-label={deleteNamed}
            aria-describedby={reasonId}
            title={deleteBlocked}
            onClick={() => toast.info(deleteBlocked)}
          >
            <Trash2 />
          </Button>
          <span id={reasonId} className="sr-only">
            {deleteBlocked}
          </span>
        </>
      )}
    </div>
  );
}
