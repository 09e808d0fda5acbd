import type { FileDetailDto, FileDto } from '@driftbox/contract';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../ui/checkbox';
import { Field } from '../ui/field';
import { FormDialog, useDirty } from '../ui/form-dialog';
import { Input, Select } from '../ui/input';
import { SwitchField } from '../ui/switch';
import { toast } from '../ui/toaster';
import { errorMessage } from '../../lib/api/error-message';
import { formatDateTime } from '../../lib/format';
import { useUpdateFile } from './update-file';
import {
  buildFileUpdate,
  fileErrorsFromApi,
  fileFormFrom,
  FILE_EXPIRY_HOURS,
  type FileExpiryChoice,
  type FileField,
  type FileFormErrors,
  type FileFormValues,
} from './file-form';

/**
 * Remark, link, expiry, max views, password and proxy mode of one share; only changes are sent.
 * `onSaved` hears of the saved share (its link may have changed) before the dialog closes.
 */
export function FileEditDialog({
  file,
  onClose,
  onSaved,
}: {
  file: FileDto | null;
  onClose: () => void;
  onSaved?: (saved: FileDetailDto) => void;
}) {
  // Mounted fresh for each file, so the form starts from that file.
  return file ? <EditForm key={file.id} file={file} onClose={onClose} onSaved={onSaved} /> : null;
}

function EditForm({
  file,
  onClose,
  onSaved,
}: {
  file: FileDto;
  onClose: () => void;
  onSaved: ((saved: FileDetailDto) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const update = useUpdateFile();
  const [values, setValues] = useState<FileFormValues>(() => fileFormFrom(file));
  const dirty = useDirty(values);
  const [codes, setCodes] = useState<FileFormErrors>({});
  const [serverMessages, setServerMessages] = useState<Partial<Record<FileField, string>>>({});
  const [formError, setFormError] = useState<string>();
  const set = <K extends keyof FileFormValues>(key: K, value: FileFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const errorOf = (field: FileField) =>
    serverMessages[field] ?? (codes[field] ? t(`files.edit.errors.${codes[field]}`) : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(undefined);
    setServerMessages({});
    const result = buildFileUpdate(values, file);
    if (!result.ok) return setCodes(result.errors);
    setCodes({});
    if (Object.keys(result.body).length === 0) return onClose();
    try {
      const saved = await update.mutateAsync({ id: file.id, body: result.body });
      toast.success(t('files.toast.updated', { name: saved.filename }));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = fileErrorsFromApi(error);
      setCodes(fields.errors);
      setServerMessages(fields.messages);
      if (Object.keys(fields.errors).length === 0 && Object.keys(fields.messages).length === 0)
        setFormError(errorMessage(error));
    }
  }

  const current = file.expires_at
    ? formatDateTime(file.expires_at, i18n.language)
    : t('files.edit.expiryOptions.never');
  // A share that never expires keeps "Never": it is not offered a second time.
  const choices: FileExpiryChoice[] = [
    'keep',
    ...(Object.keys(FILE_EXPIRY_HOURS) as FileExpiryChoice[]).filter(
      (choice) => !(choice === 'never' && !file.expires_at),
    ),
  ];

  return (
    <FormDialog
      title={t('files.edit.title', { name: file.filename })}
      description={t('files.edit.description')}
      submitLabel={t('files.edit.save')}
      pending={update.isPending}
      formError={formError}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
      dirty={dirty}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('files.edit.remark')} error={errorOf('remark')} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              value={values.remark}
              onChange={(e) => set('remark', e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('files.edit.slug')} error={errorOf('slug')} hint={t('files.edit.slugHint')}>
          {(control) => (
            <Input
              {...control}
              value={values.slug}
              onChange={(e) => set('slug', e.target.value)}
              className="font-mono"
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label={t('files.edit.expiry')} error={errorOf('expiry')}>
          {(control) => (
            <Select
              {...control}
              value={values.expiry}
              onChange={(e) => set('expiry', e.target.value as FileExpiryChoice)}
            >
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice === 'keep'
                    ? t('files.edit.expiryOptions.keep', { value: current })
                    : t(`files.edit.expiryOptions.${choice}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label={t('files.edit.maxViews')}
          error={errorOf('maxViews')}
          hint={t('files.edit.maxViewsHint', { count: file.views })}
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={values.maxViews}
              onChange={(e) => set('maxViews', e.target.value)}
              placeholder="0"
            />
          )}
        </Field>
        <Field
          label={file.has_password ? t('files.edit.newPassword') : t('files.edit.password')}
          error={errorOf('password')}
          hint={file.has_password ? t('files.edit.newPasswordHint') : t('files.edit.passwordHint')}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              value={values.password}
              disabled={values.clearPassword}
              onChange={(e) => set('password', e.target.value)}
              autoComplete="new-password"
            />
          )}
        </Field>
        {file.has_password ? (
          <CheckboxField
            className="sm:col-span-2"
            label={t('files.edit.clearPassword')}
            description={t('files.edit.clearPasswordHint')}
            checked={values.clearPassword}
            onCheckedChange={(on) => setValues((v) => ({ ...v, clearPassword: on, password: on ? '' : v.password }))}
          />
        ) : null}
        <SwitchField
          className="rounded-xl border border-line px-4 py-3 sm:col-span-2"
          label={t('files.edit.useProxy')}
          description={t('files.edit.useProxyHint')}
          checked={values.useProxy}
          onCheckedChange={(on) => set('useProxy', on)}
        />
      </div>
    </FormDialog>
  );
}
