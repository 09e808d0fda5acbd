import { SLUG_MAX, type ShareExpiry } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { EXPIRY_CHOICES, type PasteField, type PasteFormValues } from '../../lib/forms/paste-form';
import { CheckboxField } from '../ui/checkbox';
import { Field } from '../ui/field';
import { Input, Select } from '../ui/input';

export interface PasteOptionsFieldsProps {
  values: PasteFormValues;
  onChange: (next: PasteFormValues) => void;
  /** Translated messages per field. */
  errors: Partial<Record<PasteField, string>>;
  mode: 'create' | 'edit';
  /** Editing: whether the paste has a password now (offers "remove password"). */
  hasPassword?: boolean;
  /** Editing: the current expiry, formatted, shown in the "keep" option; null when the paste never expires (then "Never" is the kept choice, not offered twice). */
  currentExpiry?: string | null;
  /** Editing from the paste page: its address is fixed there. */
  hideSlug?: boolean;
  className?: string;
}

/** Link suffix, password, expiry, max views and remark: the options of a paste, for creating and editing. */
export function PasteOptionsFields({
  values,
  onChange,
  errors,
  mode,
  hasPassword,
  currentExpiry,
  hideSlug,
  className,
}: PasteOptionsFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof PasteFormValues>(key: K, value: PasteFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const expiryLabel: Record<ShareExpiry | 'keep', string> = {
    keep: t('paste.form.expiryOptions.keep', {
      value: currentExpiry === null ? t('paste.form.expiryOptions.never') : (currentExpiry ?? ''),
    }),
    hour: t('paste.form.expiryOptions.hour'),
    day: t('paste.form.expiryOptions.day'),
    week: t('paste.form.expiryOptions.week'),
    month: t('paste.form.expiryOptions.month'),
    never: t('paste.form.expiryOptions.never'),
  };
  const choices: (ShareExpiry | 'keep')[] =
    mode === 'edit'
      ? ['keep', ...EXPIRY_CHOICES.filter((choice) => !(choice === 'never' && currentExpiry === null))]
      : [...EXPIRY_CHOICES];
  const editingPassword = mode === 'edit' && hasPassword;

  return (
    <div className={cn('grid gap-4 sm:grid-cols-2', className)}>
      {hideSlug ? null : (
        <Field
          label={t('paste.form.slug')}
          error={errors.slug}
          hint={mode === 'edit' ? t('paste.form.newSlugHint') : t('paste.form.slugHint', { max: SLUG_MAX })}
        >
          {(control) => (
            <div className="flex min-w-0 items-stretch">
              <span
                className="hidden items-center rounded-l-lg border border-r-0 border-line-control bg-subtle px-2.5 font-mono text-xs text-fg-subtle sm:flex"
                aria-hidden="true"
              >
                /paste/
              </span>
              <Input
                {...control}
                value={values.slug}
                onChange={(e) => set('slug', e.target.value)}
                maxLength={SLUG_MAX + 10}
                className="font-mono sm:rounded-l-none"
                placeholder={t('paste.form.slugPlaceholder')}
                autoComplete="off"
                spellCheck={false}
              />
            </div>
          )}
        </Field>
      )}
      <Field
        label={editingPassword ? t('paste.form.newPassword') : t('paste.form.password')}
        error={errors.password}
        hint={editingPassword ? t('paste.form.newPasswordHint') : t('paste.form.passwordHint')}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            value={values.password}
            onChange={(e) =>
              onChange({
                ...values,
                password: e.target.value,
                clearPassword: e.target.value ? false : values.clearPassword,
              })
            }
            disabled={values.clearPassword}
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field label={t('paste.form.expiry')} error={errors.expiry}>
        {(control) => (
          <Select
            {...control}
            value={values.expiry}
            onChange={(e) => set('expiry', e.target.value as ShareExpiry | 'keep')}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {expiryLabel[choice]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={t('paste.form.maxViews')} error={errors.maxViews} hint={t('paste.form.maxViewsHint')}>
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
        label={t('paste.form.remark')}
        error={errors.remark}
        hint={t('paste.form.remarkHint')}
        className={hideSlug ? undefined : 'sm:col-span-2'}
      >
        {(control) => (
          <Input
            {...control}
            value={values.remark}
            onChange={(e) => set('remark', e.target.value)}
            autoComplete="off"
          />
        )}
      </Field>
      {editingPassword ? (
        <CheckboxField
          className="sm:col-span-2"
          label={t('paste.form.clearPassword')}
          description={t('paste.form.clearPasswordHint')}
          checked={values.clearPassword}
          onCheckedChange={(on) => onChange({ ...values, clearPassword: on, password: on ? '' : values.password })}
        />
      ) : null}
    </div>
  );
}
