import {
  S3_PROVIDERS,
  STORAGE_TYPES,
  type S3Provider,
  type StorageConfigDto,
  type StorageType,
} from '@driftbox/contract';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { SwitchField } from '../../../components/ui/switch';
import { storageProviderLabel } from '../../../lib/shares/storage-config-name';
import {
  CAPACITY_UNITS,
  PROVIDER_PRESETS,
  type CapacityUnit,
  type StorageFormField,
  type StorageFormValues,
} from '../lib/storage-form';

export interface StorageFormFieldsProps {
  values: StorageFormValues;
  onChange: (next: StorageFormValues) => void;
  errors: Partial<Record<StorageFormField, string>>;
  /** The config being edited; absent when creating. */
  editing?: StorageConfigDto;
}

export function StorageFormFields({ values, onChange, errors, editing }: StorageFormFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof StorageFormValues>(key: K, value: StorageFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const preset = PROVIDER_PRESETS[values.provider];
  const typeLabel: Record<StorageType, string> = { LOCAL: t('storage.form.typeLocal'), S3: t('storage.form.typeS3') };
  const keepSecret = editing?.has_credentials === true;

  function chooseProvider(provider: S3Provider) {
    // Path style follows the provider while creating; an existing config keeps what it has.
    onChange({ ...values, provider, ...(editing ? {} : { pathStyle: PROVIDER_PRESETS[provider].pathStyle }) });
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('storage.form.name')} error={errors.name} required>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder={t('storage.form.namePlaceholder')}
              autoComplete="off"
            />
          )}
        </Field>
        <div>
          <p className="mb-1.5 text-sm font-medium text-fg" id="storage-type-label">
            {t('storage.form.type')}
          </p>
          <div role="group" aria-labelledby="storage-type-label" className="grid grid-cols-2 gap-2">
            {STORAGE_TYPES.map((type) => (
              <Button
                key={type}
                variant={values.storageType === type ? 'primary' : 'outline'}
                aria-pressed={values.storageType === type}
                disabled={editing !== undefined && editing.storage_type !== type}
                onClick={() => set('storageType', type)}
              >
                {typeLabel[type]}
              </Button>
            ))}
          </div>
          {editing ? <p className="mt-1.5 text-xs text-fg-subtle">{t('storage.form.typeHint')}</p> : null}
        </div>
      </div>

      {values.storageType === 'S3' ? (
        <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
          <legend className="px-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
            {t('storage.form.s3Section')}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('storage.form.provider')} error={errors.provider_type}>
              {(control) => (
                <Select
                  {...control}
                  value={values.provider}
                  onChange={(e) => chooseProvider(e.target.value as S3Provider)}
                >
                  {S3_PROVIDERS.map((provider) => (
                    <option key={provider} value={provider}>
                      {storageProviderLabel(provider, t)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field
              label={t('storage.form.region')}
              error={errors.region}
              hint={t('storage.form.regionHint', { region: preset.region })}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values.region}
                  onChange={(e) => set('region', e.target.value)}
                  placeholder={preset.region}
                  className="font-mono"
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </Field>
          </div>
          {values.provider === 'Backblaze B2' ? (
            <p className="flex gap-2 rounded-lg border border-warning-text/20 bg-warning-soft px-3 py-2 text-xs text-warning-text">
              <Info className="mt-px size-4 shrink-0" aria-hidden="true" />
              {t('storage.form.b2Note')}
            </p>
          ) : null}
          <Field
            label={t('storage.form.endpoint')}
            error={errors.endpoint_url}
            required={values.provider !== 'AWS S3'}
            {...(values.provider === 'AWS S3' ? { hint: t('storage.form.endpointHintAws') } : {})}
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                value={values.endpointUrl}
                onChange={(e) => set('endpointUrl', e.target.value)}
                placeholder={preset.endpoint}
                className="font-mono"
                spellCheck={false}
                autoComplete="off"
              />
            )}
          </Field>
          <Field label={t('storage.form.bucket')} error={errors.bucket_name} required>
            {(control) => (
              <Input
                {...control}
                value={values.bucketName}
                onChange={(e) => set('bucketName', e.target.value)}
                className="font-mono"
                spellCheck={false}
                autoComplete="off"
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('storage.form.accessKeyId')}
              error={errors.access_key_id}
              required={!keepSecret}
              {...(keepSecret && editing?.access_key_id_masked
                ? { hint: t('storage.form.currentKey', { masked: editing.access_key_id_masked }) }
                : {})}
            >
              {(control) => (
                <Input
                  {...control}
                  value={values.accessKeyId}
                  onChange={(e) => set('accessKeyId', e.target.value)}
                  placeholder={keepSecret ? t('storage.form.unchanged') : undefined}
                  className="font-mono"
                  spellCheck={false}
                  autoComplete="off"
                />
              )}
            </Field>
            <Field label={t('storage.form.secretAccessKey')} error={errors.secret_access_key} required={!keepSecret}>
              {(control) => (
                <Input
                  {...control}
                  type="password"
                  value={values.secretAccessKey}
                  onChange={(e) => set('secretAccessKey', e.target.value)}
                  placeholder={keepSecret ? t('storage.form.unchanged') : undefined}
                  className="font-mono"
                  autoComplete="new-password"
                />
              )}
            </Field>
          </div>
          <SwitchField
            label={t('storage.form.pathStyle')}
            description={t('storage.form.pathStyleHint')}
            checked={values.pathStyle}
            onCheckedChange={(on) => set('pathStyle', on)}
          />
        </fieldset>
      ) : null}

      <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-xs font-semibold tracking-wide text-fg-subtle uppercase">
          {t('storage.form.advancedSection')}
        </legend>
        {values.storageType === 'S3' ? (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t('storage.form.defaultFolder')}
                error={errors.default_folder}
                hint={t('storage.form.defaultFolderHint')}
              >
                {(control) => (
                  <Input
                    {...control}
                    value={values.defaultFolder}
                    onChange={(e) => set('defaultFolder', e.target.value)}
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                  />
                )}
              </Field>
              <Field
                label={t('storage.form.customHost')}
                error={errors.custom_host}
                hint={t('storage.form.customHostHint')}
              >
                {(control) => (
                  <Input
                    {...control}
                    type="url"
                    value={values.customHost}
                    onChange={(e) => set('customHost', e.target.value)}
                    placeholder="https://cdn.example.com"
                    className="font-mono"
                    spellCheck={false}
                    autoComplete="off"
                  />
                )}
              </Field>
            </div>
          </>
        ) : null}
        <Field
          label={t('storage.form.expiresIn')}
          error={errors.signature_expires_in}
          hint={t('storage.form.expiresInHint')}
        >
          {(control) => (
            <Input
              {...control}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              value={values.expiresIn}
              onChange={(e) => set('expiresIn', e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('storage.form.capacity')}
          error={errors.total_storage_bytes}
          hint={values.storageType === 'LOCAL' ? t('storage.form.capacityHintLocal') : t('storage.form.capacityHint')}
        >
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={values.capacity}
                onChange={(e) => set('capacity', e.target.value)}
              />
              {/* Sized by its wrapper: the control's own w-full would win over a width class. */}
              <div className="w-24 shrink-0">
                <Select
                  aria-label={t('storage.form.capacityUnit')}
                  value={values.capacityUnit}
                  onChange={(e) => set('capacityUnit', e.target.value as CapacityUnit)}
                >
                  {(Object.keys(CAPACITY_UNITS) as CapacityUnit[]).map((unit) => (
                    <option key={unit} value={unit}>
                      {unit}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          )}
        </Field>
        <SwitchField
          label={t('storage.form.isPublic')}
          description={t('storage.form.isPublicHint')}
          checked={values.isPublic}
          onCheckedChange={(on) => set('isPublic', on)}
        />
      </fieldset>
    </div>
  );
}
