import { useTranslation } from 'react-i18next';
import { Input, Select, Textarea } from '../../../../components/ui/input';
import { localText } from '../../lib/local-text';
import type { SettingControlProps } from './control-props';

/** `text` settings. */
export function TextControl({ value, onChange, control }: SettingControlProps) {
  return <Input {...control} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** `textarea` settings without a more specific editor. */
export function TextareaControl({ value, onChange, control }: SettingControlProps) {
  return <Textarea {...control} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />;
}

/** `number` settings. The text stays as typed so the catalogue's schema judges it (and says why). */
export function NumberControl({ value, onChange, control }: SettingControlProps) {
  return (
    <Input
      {...control}
      type="number"
      inputMode="decimal"
      className="max-w-48"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** `select` settings: the catalogue's options, labelled in the UI's language. */
export function SelectControl({ def, value, onChange, control }: SettingControlProps) {
  const { i18n } = useTranslation();
  const options = def.options ?? [];
  const known = options.some((option) => option.value === value);
  return (
    <Select {...control} className="sm:max-w-xs" value={value} onChange={(e) => onChange(e.target.value)}>
      {/* A stored value this build does not offer (saved with validate=false) stays visible rather than silently changing. */}
      {known ? null : <option value={value}>{value}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {localText(option.label, i18n.language)}
        </option>
      ))}
    </Select>
  );
}
