import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './button';
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
  children: ReactNode;
}

/** A create/edit dialog around a form: the form's error on top, Cancel and the submit button below. */
export function FormDialog({ title, description, submitLabel, pending, formError, onSubmit, onClose, children }: FormDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  return (
    <Dialog
      open
      // While saving, Escape, the close button and a click outside leave it open: the answer (an error
      // to fix, or the toast of success) must have a form to come back to.
      onOpenChange={(open) => !open && !pending && onClose()}
      title={title}
      description={description}
      size="lg"
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
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
  );
}
