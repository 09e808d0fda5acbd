import { useTranslation } from 'react-i18next';
import { SETTINGS_CATALOGUE } from '@driftbox/contract';
import { Input, Select } from '../../../../components/ui/input';
import { localText } from '../../lib/local-text';
import type { SettingControlProps } from './control-props';

const UNIT = SETTINGS_CATALOGUE.max_upload_size_unit;

/** `max_upload_size` and `max_upload_size_unit` as one control: the amount and its unit side by side. */
export function UploadSizeControl({ value, onChange, values, setValue, control }: SettingControlProps) {
  const { t, i18n } = useTranslation();
  return (
    // Wrappers set the widths: the controls themselves are full-width.
    <div className="flex max-w-xs">
      <div className="min-w-0 flex-1">
        <Input
          {...control}
          type="number"
          inputMode="decimal"
          className="rounded-r-none"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
      <div className="-ml-px w-24 shrink-0">
        <Select
          aria-label={t('settings.fields.max_upload_size_unit')}
          aria-invalid={control['aria-invalid']}
          className="rounded-l-none"
          value={values[UNIT.key] ?? UNIT.default}
          onChange={(e) => setValue(UNIT.key, e.target.value)}
        >
          {(UNIT.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {localText(option.label, i18n.language)}
            </option>
          ))}
        </Select>
      </div>
    </div>
  );
}
