import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { Dialog } from './dialog';
import { FormError } from './field';

export interface FormDialogProps {
  title: string;
  description: string;
  /** The submit button's label ("Create key", "Save"). */
  submitLabel: string;
  /** The form is being saved: the submit button spins. */
  pending: boolean;
  /** An error about the whole form (field errors belong to their fields). */
  formError: string | undefined;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onClose: () => void;
  /** The form holds changes not saved yet: closing it asks first (ARCHITECTURE §8). */
  dirty?: boolean;
  children: ReactNode;
}

/**
 * True once a field of `values` differs from what it was when the form opened (compared field by
 * field, so a paste's 10 MB of text is not serialised on every keystroke).
 */
export function useDirty<T extends object>(values: T): boolean {
  const [initial] = useState(values);
  return (Object.keys(values) as (keyof T)[]).some((key) => !Object.is(values[key], initial[key]));
}

/**
 * Closing a form: while it saves, nothing closes it (the answer, an error to fix or the toast of
 * success, must have a form to come back to); unsaved changes are given up only after asking.
 * `confirm` is the question, to render beside the form's dialog.
 */
export function useDiscardGuard(
  dirty: boolean,
  pending: boolean,
  onClose: () => void,
): { requestClose: () => void; confirm: ReactNode } {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const requestClose = () => {
    if (pending) return;
    if (dirty) setConfirming(true);
    else onClose();
  };
  const confirm = (
    <ConfirmDialog
      open={confirming}
      onOpenChange={setConfirming}
      title={t('common.discardChanges.title')}
      description={t('common.discardChanges.description')}
      confirmLabel={t('common.discardChanges.confirm')}
      cancelLabel={t('common.discardChanges.keep')}
      onConfirm={() => {
        setConfirming(false);
        onClose();
      }}
    />
  );
  return { requestClose, confirm };
}

/** A create/edit dialog around a form: the form's error on top, Cancel and the submit button below. */
export function FormDialog({
  title,
  description,
  submitLabel,
  pending,
  formError,
  onSubmit,
  onClose,
  dirty = false,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const { requestClose, confirm } = useDiscardGuard(dirty, pending, onClose);
  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => !open && requestClose()}
        title={title}
        description={description}
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={requestClose} disabled={pending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              {submitLabel}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          <FormError message={formError} />
          {children}
        </form>
      </Dialog>
      {confirm}
    </>
  );
}
