import type { MountDto } from '@driftbox/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, useDirty } from '../../../components/ui/form-dialog';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { fieldErrorsFrom, serverDetails, submitChecked, topLevelField } from '../../../lib/forms/field-errors';
import { useCreateMount } from '../api/create-mount';
import { useStorageOptions } from '../api/get-storage-options';
import { useUpdateMount } from '../api/update-mount';
import {
  buildCreateBody,
  buildUpdateBody,
  emptyMountForm,
  MOUNT_FIELD_ERRORS,
  mountFormFromDto,
  type MountFieldError,
  type MountFormErrors,
  type MountFormField,
  type MountFormValues,
} from '../lib/mount-form';
import { MountFormFields } from './mount-form-fields';

export type MountFormTarget = { mode: 'create' } | { mode: 'edit'; mount: MountDto };

type FieldMessages = Partial<Record<MountFormField, string>>;

/** Create or edit a mount. Mounted fresh for each target, so the form starts from that mount. */
export function MountFormDialog({ target, onClose }: { target: MountFormTarget | null; onClose: () => void }) {
  const configs = useStorageOptions();
  // Wait for the first answer only: a failed list is fetched again by every new observer (the form's own), and
  // gating on it then would unmount the form, refetch on its next mount, and so on without end.
  if (!target || (configs.isPending && configs.errorUpdateCount === 0)) return null;
  const defaultId = configs.data?.find((c) => c.is_default === 1)?.id ?? '';
  return (
    <MountForm
      key={target.mode === 'edit' ? target.mount.id : 'create'}
      target={target}
      onClose={onClose}
      defaultConfigId={defaultId}
    />
  );
}

function MountForm({
  target,
  onClose,
  defaultConfigId,
}: {
  target: MountFormTarget;
  onClose: () => void;
  defaultConfigId: string;
}) {
  const { t } = useTranslation();
  const configs = useStorageOptions();
  const [values, setValues] = useState<MountFormValues>(() =>
    target.mode === 'edit' ? mountFormFromDto(target.mount) : emptyMountForm(defaultConfigId),
  );
  // The configs came in after the form opened (they had failed before): the default config fills an empty choice.
  useEffect(() => {
    if (defaultConfigId) setValues((v) => (v.storageConfigId ? v : { ...v, storageConfigId: defaultConfigId }));
  }, [defaultConfigId]);
  const dirty = useDirty(values);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [formError, setFormError] = useState<string>();
  const create = useCreateMount();
  const update = useUpdateMount();

  const toMessages = (codes: MountFormErrors): FieldMessages =>
    Object.fromEntries(
      Object.entries(codes).map(([field, code]) => [field, t(`mounts.form.errors.${code as MountFieldError}`)]),
    );

  /** Spec §8 "Mount": a path in use lands on the path, field details on their fields, the rest above the buttons. */
  function showServerError(error: unknown) {
    if (isApiError(error) && error.status === 409)
      return setErrors({ mount_path: errorMessage(error, { preferServer: true }) });
    if (isApiError(error) && error.status === 403) return setFormError(t('mounts.errors.forbidden'));
    const details = isApiError(error) ? error.details : [];
    const mapped = fieldErrorsFrom(serverDetails(error), MOUNT_FIELD_ERRORS);
    // The server's own words for a field ("the storage config does not exist") beat the generic hint.
    const generic = toMessages(mapped);
    const fields: FieldMessages = {};
    for (const field of Object.keys(mapped) as MountFormField[]) {
      fields[field] = details.find((d) => topLevelField(d) === field)?.message ?? generic[field];
    }
    setErrors(fields);
    if (Object.keys(fields).length > 0) return;
    const what = t(target.mode === 'create' ? 'mounts.errors.create' : 'mounts.errors.update');
    setFormError(t('mounts.errors.because', { what, reason: errorMessage(error, { preferServer: true }) }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    const show = (codes: MountFormErrors | null) => setErrors(codes ? toMessages(codes) : {});
    const done = (key: 'created' | 'updated') => ({
      onSuccess: (mount: MountDto) => {
        toast.success(t(`mounts.toast.${key}`, { name: mount.name }));
        onClose();
      },
      onError: showServerError,
    });
    if (target.mode === 'create')
      return submitChecked(buildCreateBody(values), show, (body, h) => create.mutate(body, h), done('created'));
    const id = target.mount.id;
    submitChecked(buildUpdateBody(values), show, (body, h) => update.mutate({ id, body }, h), done('updated'));
  }

  return (
    <FormDialog
      title={target.mode === 'edit' ? t('mounts.form.editTitle') : t('mounts.form.createTitle')}
      description={t('mounts.form.description')}
      submitLabel={target.mode === 'edit' ? t('mounts.form.submitSave') : t('mounts.form.submitCreate')}
      pending={create.isPending || update.isPending}
      formError={formError}
      onSubmit={onSubmit}
      onClose={onClose}
      dirty={dirty}
    >
      <MountFormFields
        values={values}
        onChange={setValues}
        errors={errors}
        configs={configs.data ?? []}
        configsError={!configs.data && configs.errorUpdateCount > 0 ? t('mounts.errors.loadConfigs') : undefined}
      />
    </FormDialog>
  );
}
