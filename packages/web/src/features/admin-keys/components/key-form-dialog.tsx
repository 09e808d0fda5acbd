import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyDto, ApiKeyWithSecretDto } from '@driftbox/contract';
import { FormDialog, useDirty } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { formatDateTime } from '../../../lib/format';
import { fieldErrorsFrom, serverDetails } from '../../../lib/forms/field-errors';
import { useCreateApiKey } from '../api/create-api-key';
import { useUpdateApiKey } from '../api/update-api-key';
import {
  buildCreateBody,
  buildUpdateBody,
  emptyKeyForm,
  KEY_FIELD_ERRORS,
  keyFormFromDto,
  type KeyFieldError,
  type KeyFormErrors,
  type KeyFormField,
  type KeyFormValues,
} from '../lib/key-form';
import { KeyFormFields } from './key-form-fields';

export type KeyFormTarget = { mode: 'create' } | { mode: 'edit'; key: ApiKeyDto };

export interface KeyFormDialogProps {
  target: KeyFormTarget | null;
  onClose: () => void;
  onCreated: (key: ApiKeyWithSecretDto) => void;
}

type FieldMessages = Partial<Record<KeyFormField, string>>;

/** Create or edit a key. Mounted fresh for each target, so the form starts from that key. */
export function KeyFormDialog({ target, onClose, onCreated }: KeyFormDialogProps) {
  if (!target) return null;
  return (
    <KeyForm
      key={target.mode === 'edit' ? target.key.id : 'create'}
      target={target}
      onClose={onClose}
      onCreated={onCreated}
    />
  );
}

function KeyForm({
  target,
  onClose,
  onCreated,
}: {
  target: KeyFormTarget;
  onClose: () => void;
  onCreated: (key: ApiKeyWithSecretDto) => void;
}) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<KeyFormValues>(() =>
    target.mode === 'edit' ? keyFormFromDto(target.key) : emptyKeyForm(),
  );
  const dirty = useDirty(values);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();

  const fieldMessage = (code: KeyFieldError) => t(`keys.form.errors.${code}`);
  const toMessages = (codes: KeyFormErrors): FieldMessages =>
    Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldMessage(code)]));

  /** Server answers land on the field they concern (STYLE §26); anything else above the buttons. */
  function showServerError(error: unknown) {
    if (isApiError(error) && error.code === 'NAME_TAKEN') return setErrors({ name: errorMessage(error) });
    if (isApiError(error) && error.code === 'KEY_TAKEN') return setErrors({ custom_key: errorMessage(error) });
    const fields = toMessages(fieldErrorsFrom(serverDetails(error), KEY_FIELD_ERRORS));
    setErrors(fields);
    if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const now = Date.now();
    if (target.mode === 'create') {
      const result = buildCreateBody(values, now);
      if (!result.ok) return setErrors(toMessages(result.errors));
      setErrors({});
      create.mutate(result.body, { onSuccess: (key) => onCreated(key), onError: showServerError });
      return;
    }
    const result = buildUpdateBody(values, now);
    if (!result.ok) return setErrors(toMessages(result.errors));
    setErrors({});
    update.mutate(
      { id: target.key.id, body: result.body },
      {
        onSuccess: () => {
          toast.success(t('keys.toast.updated'));
          onClose();
        },
        onError: showServerError,
      },
    );
  }

  const currentExpiry =
    target.mode === 'edit'
      ? target.key.expires_at
        ? formatDateTime(target.key.expires_at, i18n.language)
        : t('keys.table.never')
      : undefined;

  return (
    <FormDialog
      title={target.mode === 'edit' ? t('keys.form.editTitle') : t('keys.form.createTitle')}
      description={t('keys.form.description')}
      submitLabel={target.mode === 'edit' ? t('keys.form.submitSave') : t('keys.form.submitCreate')}
      pending={create.isPending || update.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
      dirty={dirty}
    >
      <KeyFormFields
        values={values}
        onChange={setValues}
        errors={errors}
        mode={target.mode}
        {...(currentExpiry ? { currentExpiry } : {})}
      />
    </FormDialog>
  );
}
