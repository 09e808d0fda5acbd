import type { SettingDefinition } from '@driftbox/contract';
import type { FieldControlProps } from '../../../../components/ui/field';
import type { SettingValues } from '../../lib/settings-form';

/** What every setting control receives: its own value, and the group's for controls spanning two keys. */
export interface SettingControlProps {
  def: SettingDefinition;
  value: string;
  onChange: (value: string) => void;
  values: SettingValues;
  setValue: (key: string, value: string) => void;
  /** id and aria wiring from the surrounding Field, so the label names the control. */
  control: FieldControlProps;
}
