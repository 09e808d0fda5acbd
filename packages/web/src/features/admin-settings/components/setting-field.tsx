import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { settingDefinition } from '@driftbox/contract';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SwitchField } from '../../../components/ui/switch';
import { useFieldErrorMessage, useSettingDescription, useSettingLabel } from '../hooks/use-setting-text';
import type { SettingsForm } from '../hooks/use-settings-form';
import type { FieldSpec } from './field-specs';

/** Puts every key of the field back to its catalogue default (saved with the next save, like any edit). */
function ResetButton({ label, onReset }: { label: string; onReset: () => void }) {
  const { t } = useTranslation();
  const name = t('settings.reset', { label });
  return (
    <Button variant="ghost" size="icon-sm" icon={<RotateCcw />} aria-label={name} title={name} onClick={onReset} />
  );
}

/** One generated field: label and description (translated), its control, its error and a reset. */
export function SettingField({ spec, form }: { spec: FieldSpec; form: SettingsForm }) {
  const label = useSettingLabel()(spec.def.key);
  const description = useSettingDescription()(spec.def);
  const errorText = useFieldErrorMessage();
  const { def, keys, Control } = spec;
  const value = form.values[def.key] ?? def.default;
  const error = keys.map((key) => errorText(form.errors[key])).find(Boolean);
  const defaults = keys.map((key) => settingDefinition(key)?.default ?? '');
  const atDefault = keys.every((key, i) => (form.values[key] ?? defaults[i]) === defaults[i]);
  const reset = atDefault ? null : (
    <ResetButton label={label} onReset={() => keys.forEach((key, i) => form.setValue(key, defaults[i] ?? ''))} />
  );

  return (
    <div data-setting-key={def.key} className="py-5 first:pt-0 last:pb-0">
      {Control === 'switch' ? (
        <SwitchField
          label={label}
          description={description}
          error={error}
          action={reset}
          checked={value === 'true'}
          onCheckedChange={(on) => form.setValue(def.key, String(on))}
        />
      ) : (
        <Field label={label} description={description} error={error} labelAction={reset}>
          {(control) => (
            <Control
              def={def}
              value={value}
              onChange={(next) => form.setValue(def.key, next)}
              values={form.values}
              setValue={form.setValue}
              control={control}
            />
          )}
        </Field>
      )}
    </div>
  );
}
