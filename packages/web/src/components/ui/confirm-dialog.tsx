import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { overlayClasses } from './dialog';
import { useReturnFocus } from './use-return-focus';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel: string;
  /** The button that keeps things as they are; "Cancel" unless that would read as cancelling something. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** While the action runs the dialog stays open with a busy confirm button. */
  pending?: boolean;
  destructive?: boolean;
}

/** Asks once before a destructive action (ARCHITECTURE §8). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending,
  destructive = true,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-5 shadow-2xl outline-none"
        >
          <div className="flex gap-4">
            {destructive ? (
              <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-danger-soft text-danger-text">
                <TriangleAlert className="size-5" aria-hidden="true" />
              </div>
            ) : null}
            <div className="min-w-0">
              <AlertDialog.Title className="text-base font-semibold text-fg [overflow-wrap:anywhere]">
                {title}
              </AlertDialog.Title>
              {description ? (
                <AlertDialog.Description className="mt-1.5 text-sm text-fg-muted [overflow-wrap:anywhere]">
                  {description}
                </AlertDialog.Description>
              ) : null}
            </div>
          </div>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="outline" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that closes at once, and the dialog should stay up while the call runs. */}
            <Button variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
