import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { FormDialog } from '../../../components/ui/form-dialog';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api/error-message';

export interface NameDialogProps {
  title: string;
  description: string;
  submitLabel: string;
  initial: string;
  /** Saves the name; a rejection's message is shown in the form. */
  onSubmit(name: string): Promise<unknown>;
  onClose(): void;
}

/** Why a name cannot be an entry's name ('' when it can). */
export function nameProblem(name: string): '' | 'required' | 'slash' | 'dots' {
  if (name.trim() === '') return 'required';
  if (/[/\\]/.test(name)) return 'slash';
  if (name === '.' || name === '..') return 'dots';
  return '';
}

/** New folder and rename: one name field; with a file's name, the part before the extension is selected. */
export function NameDialog({ title, description, submitLabel, initial, onSubmit, onClose }: NameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [fieldError, setFieldError] = useState<string>();
  const [formError, setFormError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = nameProblem(name);
    if (problem) {
      setFieldError(t(`explorer.name.${problem}`));
      return;
    }
    setFieldError(undefined);
    setFormError(undefined);
    setPending(true);
    try {
      await onSubmit(name.trim());
      onClose();
    } catch (error) {
      setFormError(errorMessage(error, { preferServer: true }));
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      title={title}
      description={description}
      submitLabel={submitLabel}
      pending={pending}
      formError={formError}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <Field label={t('explorer.name.label')} error={fieldError} required>
        {(control) => (
          <Input
            {...control}
            value={name}
            autoFocus
            maxLength={255}
            onChange={(event) => setName(event.target.value)}
            onFocus={(event) => {
              const dot = initial.lastIndexOf('.');
              event.currentTarget.setSelectionRange(0, dot > 0 ? dot : initial.length);
            }}
          />
        )}
      </Field>
    </FormDialog>
  );
}
