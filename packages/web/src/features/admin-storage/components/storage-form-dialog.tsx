import type { StorageConfigDto } from '@driftbox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, useDirty } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { fieldErrorsFrom, serverDetails, submitChecked } from '../../../lib/forms/field-errors';
import { useCreateStorageConfig } from '../api/create-storage-config';
import { useUpdateStorageConfig } from '../api/update-storage-config';
import {
  buildCreateBody,
  buildUpdateBody,
  emptyStorageForm,
  STORAGE_FIELD_ERRORS,
  storageFormFromDto,
  type StorageFieldError,
  type StorageFormErrors,
  type StorageFormField,
  type StorageFormValues,
} from '../lib/storage-form';
import { StorageFormFields } from './storage-form-fields';

export type StorageFormTarget = { mode: 'create' } | { mode: 'edit'; config: StorageConfigDto };

type FieldMessages = Partial<Record<StorageFormField, string>>;

/** Create or edit a storage config. Mounted fresh for each target, so the form starts from that config. */
export function StorageFormDialog({ target, onClose }: { target: StorageFormTarget | null; onClose: () => void }) {
  if (!target) return null;
  return <StorageForm key={target.mode === 'edit' ? target.config.id : 'create'} target={target} onClose={onClose} />;
}

const LOCAL_FIELDS = new Set<StorageFormField>(['name', 'total_storage_bytes']);

function StorageForm({ target, onClose }: { target: StorageFormTarget; onClose: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<StorageFormValues>(() =>
    target.mode === 'edit' ? storageFormFromDto(target.config) : emptyStorageForm(),
  );
  const dirty = useDirty(values);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateStorageConfig();
  const update = useUpdateStorageConfig();

  const fieldMessage = (code: StorageFieldError) => t(`storage.form.errors.${code}`);
  const toMessages = (codes: StorageFormErrors): FieldMessages =>
    Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, fieldMessage(code)]));

  /** Server answers land on the field they concern; anything else above the buttons. */
  function showServerError(error: unknown) {
    if (isApiError(error) && error.code === 'NAME_TAKEN') return setErrors({ name: errorMessage(error) });
    const mapped = fieldErrorsFrom(serverDetails(error), STORAGE_FIELD_ERRORS);
    // A LOCAL config shows no S3 fields: their errors go above the buttons instead.
    const shown = Object.entries(mapped).filter(
      ([field]) => values.storageType === 'S3' || LOCAL_FIELDS.has(field as StorageFormField),
    );
    const fields = toMessages(Object.fromEntries(shown));
    setErrors(fields);
    if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const show = (codes: StorageFormErrors | null) => setErrors(codes ? toMessages(codes) : {});
    const done = (message: (config: StorageConfigDto) => string) => ({
      onSuccess: (config: StorageConfigDto) => {
        toast.success(message(config));
        onClose();
      },
      onError: showServerError,
    });
    if (target.mode === 'create') {
      const created = done((config) => t('storage.toast.created', { name: config.name }));
      return submitChecked(buildCreateBody(values), show, (body, h) => create.mutate(body, h), created);
    }
    const { id, total_storage_bytes: total } = target.config;
    submitChecked(
      buildUpdateBody(values, total),
      show,
      (body, h) => update.mutate({ id, body }, h),
      done(() => t('storage.toast.updated')),
    );
  }

  return (
    <FormDialog
      title={target.mode === 'edit' ? t('storage.form.editTitle') : t('storage.form.createTitle')}
      // A LOCAL config has no credentials to store: it is a folder in the server's data directory.
      description={values.storageType === 'LOCAL' ? t('storage.form.descriptionLocal') : t('storage.form.description')}
      submitLabel={target.mode === 'edit' ? t('storage.form.submitSave') : t('storage.form.submitCreate')}
      pending={create.isPending || update.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
      dirty={dirty}
    >
      <StorageFormFields
        values={values}
        onChange={setValues}
        errors={errors}
        {...(target.mode === 'edit' ? { editing: target.config } : {})}
      />
    </FormDialog>
  );
}
