import { CACHE_TTL_MAX, WEBDAV_POLICIES, type StorageConfigDto } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/ui/field';
import { Input, Select, Textarea } from '../../../components/ui/input';
import { SwitchField } from '../../../components/ui/switch';
import { storageConfigName } from '../../../lib/shares/storage-config-name';
import type { MountFormField, MountFormValues } from '../lib/mount-form';

export interface MountFormFieldsProps {
  values: MountFormValues;
  onChange: (next: MountFormValues) => void;
  errors: Partial<Record<MountFormField, string>>;
  configs: StorageConfigDto[];
  /** The storage configs could not be loaded: the select says so. */
  configsError: string | undefined;
}

export function MountFormFields({ values, onChange, errors, configs, configsError }: MountFormFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof MountFormValues>(key: K, value: MountFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const configError = errors.storage_config_id ?? errors.storage_type ?? configsError;

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('mounts.form.name')} error={errors.name} required>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder={t('mounts.form.namePlaceholder')}
              autoComplete="off"
            />
          )}
        </Field>
        <Field label={t('mounts.form.path')} error={errors.mount_path} hint={t('mounts.form.pathHint')} required>
          {(control) => (
            <Input
              {...control}
              value={values.mountPath}
              onChange={(e) => set('mountPath', e.target.value)}
              placeholder="/local/team"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </Field>
      </div>
      <Field label={t('mounts.form.storage')} error={configError} required>
        {(control) => (
          <Select {...control} value={values.storageConfigId} onChange={(e) => set('storageConfigId', e.target.value)}>
            <option value="">{t('mounts.form.storagePlaceholder')}</option>
            {configs.map((config) => (
              <option key={config.id} value={config.id}>
                {`${storageConfigName(config, t)} (${t(`storage.types.${config.storage_type}`)})`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('mounts.form.remark')} error={errors.remark}>
        {(control) => (
          <Textarea {...control} rows={2} value={values.remark} onChange={(e) => set('remark', e.target.value)} />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('mounts.form.sortOrder')} error={errors.sort_order} hint={t('mounts.form.sortOrderHint')}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={values.sortOrder}
              onChange={(e) => set('sortOrder', e.target.value)}
            />
          )}
        </Field>
        <Field
          label={t('mounts.form.cacheTtl')}
          error={errors.cache_ttl}
          hint={t('mounts.form.cacheTtlHint', { max: CACHE_TTL_MAX })}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              value={values.cacheTtl}
              placeholder="300"
              onChange={(e) => set('cacheTtl', e.target.value)}
            />
          )}
        </Field>
      </div>
      <fieldset className="flex flex-col gap-4 rounded-xl border border-line p-4">
        <legend className="px-1 text-sm font-medium text-fg">{t('mounts.form.access')}</legend>
        <SwitchField
          label={t('mounts.form.active')}
          description={t('mounts.form.activeHint')}
          checked={values.isActive}
          onCheckedChange={(v) => set('isActive', v)}
        />
        <SwitchField
          label={t('mounts.form.webProxy')}
          description={t('mounts.form.webProxyHint')}
          checked={values.webProxy}
          onCheckedChange={(v) => set('webProxy', v)}
        />
        <SwitchField
          label={t('mounts.form.enableSign')}
          description={t('mounts.form.enableSignHint')}
          checked={values.enableSign}
          onCheckedChange={(v) => set('enableSign', v)}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('mounts.form.signExpires')}
            error={errors.sign_expires}
            hint={t('mounts.form.signExpiresHint')}
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={values.signExpires}
                placeholder={t('mounts.form.signExpiresPlaceholder')}
                onChange={(e) => set('signExpires', e.target.value)}
              />
            )}
          </Field>
          <Field label={t('mounts.form.webdavPolicy')} hint={t('mounts.form.webdavPolicyHint')}>
            {(control) => (
              <Select
                {...control}
                value={values.webdavPolicy}
                onChange={(e) => set('webdavPolicy', e.target.value as MountFormValues['webdavPolicy'])}
              >
                {WEBDAV_POLICIES.map((policy) => (
                  <option key={policy} value={policy}>
                    {t(`mounts.policies.${policy}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </fieldset>
    </div>
  );
}
