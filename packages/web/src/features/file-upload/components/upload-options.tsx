import { SLUG_MAX, type ShareExpiry, type StorageConfigSummaryDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { EXPIRY_CHOICES, type AccessMode, type UploadField, type UploadFormValues } from '../lib/upload-form';
import { StoragePicker } from './storage-picker';

export interface UploadOptionsProps {
  values: UploadFormValues;
  onChange: (next: UploadFormValues) => void;
  errors: Partial<Record<UploadField, string>>;
  configs: StorageConfigSummaryDto[] | undefined;
  configsLoading: boolean;
  /** The list could not be read: why, and a way to ask again. */
  configsError?: unknown;
  onRetryConfigs?: () => void;
  configsRetrying?: boolean;
  /** More than one file: a custom link suffix cannot name them all. */
  slugDisabled: boolean;
  disabled?: boolean;
}

const ACCESS_MODES: AccessMode[] = ['default', 'proxy', 'direct'];

/** In a monospace field a placeholder reads like a value typed in: set it apart (plain, italic). */
const PLACEHOLDER = 'placeholder:font-sans placeholder:italic';

/** Storage, link suffix, folder, password, expiry, view limit, remark and access mode of new shares. */
export function UploadOptions({
  values,
  onChange,
  errors,
  configs,
  configsLoading,
  configsError,
  onRetryConfigs,
  configsRetrying,
  slugDisabled,
  disabled,
}: UploadOptionsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof UploadFormValues>(key: K, value: UploadFormValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    // Disabled (signed out, no file permission): the whole form reads as unusable, controls greyed, not
    // just faded white boxes that look like they could be typed in.
    <fieldset
      disabled={disabled}
      className="grid min-w-0 gap-4 disabled:cursor-not-allowed disabled:opacity-70 disabled:[&_:is(input,select,textarea)]:bg-subtle"
    >
      <StoragePicker
        configs={configs}
        value={values.configId}
        onChange={(id) => set('configId', id)}
        error={errors.configId}
        loading={configsLoading}
        loadError={configsError}
        onRetry={onRetryConfigs}
        retrying={configsRetrying}
      />
      <Field
        label={t('upload.form.slug')}
        error={slugDisabled ? undefined : errors.slug}
        hint={slugDisabled ? t('upload.form.slugSingleOnly') : t('upload.form.slugHint', { max: SLUG_MAX })}
      >
        {(control) => (
          <div className="flex min-w-0 items-stretch">
            <span
              className="flex items-center rounded-l-lg border border-r-0 border-line-control bg-subtle px-2.5 font-mono text-xs text-fg-subtle"
              aria-hidden="true"
            >
              /file/
            </span>
            <Input
              {...control}
              value={slugDisabled ? '' : values.slug}
              onChange={(e) => set('slug', e.target.value)}
              disabled={slugDisabled}
              maxLength={SLUG_MAX + 10}
              className={cn('rounded-l-none font-mono', PLACEHOLDER)}
              placeholder={t('upload.form.slugPlaceholder')}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        )}
      </Field>
      <Field label={t('upload.form.path')} error={errors.path} hint={t('upload.form.pathHint')}>
        {(control) => (
          <Input
            {...control}
            value={values.path}
            onChange={(e) => set('path', e.target.value)}
            placeholder={t('upload.form.pathPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            className={cn('font-mono', PLACEHOLDER)}
          />
        )}
      </Field>
      <Field label={t('upload.form.password')} error={errors.password} hint={t('upload.form.passwordHint')}>
        {(control) => (
          <Input
            {...control}
            type="password"
            value={values.password}
            onChange={(e) => set('password', e.target.value)}
            autoComplete="new-password"
          />
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field label={t('upload.form.expiry')}>
          {(control) => (
            <Select {...control} value={values.expiry} onChange={(e) => set('expiry', e.target.value as ShareExpiry)}>
              {EXPIRY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`paste.form.expiryOptions.${choice}`)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={t('upload.form.maxViews')} error={errors.maxViews}>
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={values.maxViews}
              onChange={(e) => set('maxViews', e.target.value)}
              placeholder={t('upload.form.unlimited')}
            />
          )}
        </Field>
      </div>
      <Field label={t('upload.form.access')} hint={t(`upload.form.accessHint.${values.access}`)}>
        {(control) => (
          <Select {...control} value={values.access} onChange={(e) => set('access', e.target.value as AccessMode)}>
            {ACCESS_MODES.map((mode) => (
              <option key={mode} value={mode}>
                {t(`upload.form.accessOptions.${mode}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('upload.form.remark')} error={errors.remark}>
        {(control) => (
          <Input
            {...control}
            value={values.remark}
            onChange={(e) => set('remark', e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
    </fieldset>
  );
}
