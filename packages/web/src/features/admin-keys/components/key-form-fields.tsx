import { API_KEY_ROLES, type ApiKeyRole } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import {
  EXPIRY_CHOICES,
  applyRolePreset,
  togglePermission,
  type ExpiryChoice,
  type KeyFormField,
  type KeyFormValues,
} from '../lib/key-form';
import { PermissionCheckboxes } from './permission-checkboxes';

export interface KeyFormFieldsProps {
  values: KeyFormValues;
  onChange: (next: KeyFormValues) => void;
  errors: Partial<Record<KeyFormField, string>>;
  mode: 'create' | 'edit';
  /** Shown in the "keep current" expiry option when editing. */
  currentExpiry?: string;
}

export function KeyFormFields({ values, onChange, errors, mode, currentExpiry }: KeyFormFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof KeyFormValues>(key: K, value: KeyFormValues[K]) => onChange({ ...values, [key]: value });
  const roleLabel: Record<ApiKeyRole, string> = {
    GUEST: t('keys.form.roles.GUEST'),
    GENERAL: t('keys.form.roles.GENERAL'),
    ADMIN: t('keys.form.roles.ADMIN'),
  };
  const expiryLabel: Record<ExpiryChoice, string> = {
    keep: t('keys.form.expiryOptions.keep', { value: currentExpiry ?? '' }),
    '1': t('keys.form.expiryOptions.day1'),
    '7': t('keys.form.expiryOptions.day7'),
    '30': t('keys.form.expiryOptions.day30'),
    never: t('keys.form.expiryOptions.never'),
    custom: t('keys.form.expiryOptions.custom'),
  };
  const choices: ExpiryChoice[] = mode === 'edit' ? ['keep', ...EXPIRY_CHOICES] : [...EXPIRY_CHOICES];

  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('keys.form.name')} error={errors.name} required>
          {(control) => (
            <Input
              {...control}
              value={values.name}
              onChange={(e) => set('name', e.target.value)}
              placeholder={t('keys.form.namePlaceholder')}
              autoComplete="off"
            />
          )}
        </Field>
        {mode === 'create' ? (
          <Field label={t('keys.form.customKey')} error={errors.custom_key} hint={t('keys.form.customKeyHint')}>
            {(control) => (
              <Input
                {...control}
                value={values.customKey}
                onChange={(e) => set('customKey', e.target.value)}
                className="font-mono"
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>
        ) : null}
      </div>

      <div>
        <p className="mb-2 text-sm font-medium text-fg" id="key-role-label">
          {t('keys.form.role')}
        </p>
        <div role="group" aria-labelledby="key-role-label" className="grid grid-cols-3 gap-2">
          {API_KEY_ROLES.map((role) => (
            <Button
              key={role}
              variant={values.role === role ? 'primary' : 'outline'}
              aria-pressed={values.role === role}
              onClick={() => onChange(applyRolePreset(values, role))}
            >
              {roleLabel[role]}
            </Button>
          ))}
        </div>
        <p className="mt-1.5 text-xs text-fg-subtle">{t('keys.form.roleHint')}</p>
      </div>

      <PermissionCheckboxes
        value={values.permissions}
        onToggle={(bit, on) => onChange(togglePermission(values, bit, on))}
        error={errors.permissions}
      />

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('keys.form.basePath')} error={errors.basic_path} hint={t('keys.form.basePathHint')}>
          {(control) => (
            <Input
              {...control}
              value={values.basicPath}
              onChange={(e) => set('basicPath', e.target.value)}
              className="font-mono"
              spellCheck={false}
            />
          )}
        </Field>
        <div className="flex flex-col gap-4">
          <Field label={t('keys.form.expiry')} error={errors.expires_at}>
            {(control) => (
              <Select
                {...control}
                value={values.expiry}
                onChange={(e) => set('expiry', e.target.value as ExpiryChoice)}
              >
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {expiryLabel[choice]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          {values.expiry === 'custom' ? (
            <Field label={t('keys.form.days')} error={errors.customDays} hint={t('keys.form.daysHint')} required>
              {(control) => (
                <Input
                  {...control}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={values.customDays}
                  onChange={(e) => set('customDays', e.target.value)}
                />
              )}
            </Field>
          ) : null}
        </div>
      </div>

      <CheckboxField
        label={t('keys.form.guest')}
        description={t('keys.form.guestHint')}
        checked={values.isGuest}
        onCheckedChange={(on) => set('isGuest', on)}
      />
    </div>
  );
}
