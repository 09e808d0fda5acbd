import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Button } from './button';
import { useReturnFocus } from './use-return-focus';

export const overlayClasses = 'fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px]';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons row; placed at the bottom, right-aligned, stacked on phones. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /**
   * The children lay out the body and footer themselves (with DialogBody and DialogFooter), for a form
   * whose own buttons must sit in the footer, outside the scrolling body.
   */
  bare?: boolean;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-5xl' } as const;

/** The dialog's scrolling middle. */
export function DialogBody({ children }: { children: ReactNode }) {
  return <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>;
}

/** The dialog's buttons row: stacked full-width on phones (primary on top), right-aligned from sm up. */
export function DialogFooter({ children }: { children: ReactNode }) {
  return (
    <div className="flex shrink-0 flex-col-reverse gap-2 border-t border-line px-5 py-3 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}

/** The one modal dialog (Radix: focus trap, Escape, scroll lock, labelled by its title; focus returns to its opener). */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  bare = false,
}: DialogProps) {
  const { t } = useTranslation();
  const returnFocus = useReturnFocus(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-2xl border border-line bg-surface shadow-2xl outline-none',
            SIZES[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
        >
          <div className="border-b border-line py-4 pr-14 pl-5">
            <RadixDialog.Title className="text-base font-semibold text-fg [overflow-wrap:anywhere]">
              {title}
            </RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-fg-muted [overflow-wrap:anywhere]">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {bare ? children : <DialogBody>{children}</DialogBody>}
          {footer ? <DialogFooter>{footer}</DialogFooter> : null}
          {/* Last in the DOM so opening the dialog focuses its first field, not the close button. */}
          <RadixDialog.Close asChild>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('common.close')}
              className="absolute top-3.5 right-3.5"
            >
              <X />
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
