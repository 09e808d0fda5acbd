import { useTranslation } from 'react-i18next';
import { isSettingKey, type SettingDefinition } from '@driftbox/contract';
import { translateDynamic } from '../../../lib/site/i18n';
import { localText } from '../lib/local-text';
import type { SettingIssue } from '../lib/setting-validation';
import type { FieldError } from './use-settings-form';

/** A setting's label from the locale files; a key this build does not know is shown as it is. */
export function useSettingLabel(): (key: string) => string {
  const { t } = useTranslation();
  return (key) => (isSettingKey(key) ? t(`settings.fields.${key}`) : key);
}

/**
 * A setting's description: the catalogue's bilingual text, unless the locale files say it better for
 * this form (`settings.descriptions.<key>`, e.g. where two keys are shown as one control).
 */
export function useSettingDescription(): (def: SettingDefinition) => string {
  const { i18n } = useTranslation();
  return (def) => translateDynamic(`settings.descriptions.${def.key}`) ?? localText(def.description, i18n.language);
}

/** The message of a field error in the UI's language, numbers formatted for it. */
export function useFieldErrorMessage(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  const number = (value: number) => new Intl.NumberFormat(i18n.language).format(value);
  function issueMessage(issue: SettingIssue): string {
    switch (issue.code) {
      case 'min':
      case 'greaterThan':
        return t(`settings.errors.${issue.code}`, { min: number(issue.min) });
      case 'max':
      case 'tooLong':
        return t(`settings.errors.${issue.code}`, { max: number(issue.max) });
      case 'extension':
        return t('settings.errors.extension', { extension: issue.extension });
      default:
        return t(`settings.errors.${issue.code}`);
    }
  }
  return (error) => {
    if (!error) return undefined;
    return 'issue' in error ? issueMessage(error.issue) : error.message;
  };
}
