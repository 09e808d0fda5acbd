import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingDefinition, SettingDto, SettingGroupId, SettingsUpdateResultDto } from '@driftbox/contract';
import { toast } from '../../../components/ui/toaster';
import { isApiError } from '../../../lib/api/api-error';
import { errorMessage } from '../../../lib/api/error-message';
import { useUpdateSettings } from '../api/update-settings';
import { buildPatch, changedKeys, valuesFromRows, type SettingValues } from '../lib/settings-form';
import { checkSetting, type SettingIssue } from '../lib/setting-validation';
import { useSettingLabel } from './use-setting-text';

/** A field's error: a translatable issue found here, or the server's own words when it knows better. */
export type FieldError = { issue: SettingIssue } | { message: string };

export interface Refused {
  keys: string[];
  partial: boolean;
}

export interface SettingsForm {
  defs: readonly SettingDefinition[];
  values: SettingValues;
  saved: SettingValues;
  errors: Record<string, FieldError>;
  /** Keys the server refused in the last save, for the notice above the form; `partial` when the rest was saved (202). */
  refused: Refused | null;
  dirtyKeys: string[];
  saving: boolean;
  setValue: (key: string, value: string) => void;
  discard: () => void;
  save: () => void;
}

function without<T>(record: Record<string, T>, keys: Iterable<string>): Record<string, T> {
  const next = { ...record };
  for (const key of keys) delete next[key];
  return next;
}

/**
 * State of one settings group's form: the saved values from the server, the admin's draft on top,
 * per-field errors (client check with the catalogue's schemas, then the server's per-key answer),
 * and a save that sends only the changed keys.
 */
export function useSettingsForm(
  group: SettingGroupId,
  defs: readonly SettingDefinition[],
  rows: readonly SettingDto[],
  onInvalid: () => void,
): SettingsForm {
  const { t } = useTranslation();
  const label = useSettingLabel();
  const update = useUpdateSettings();
  const saved = useMemo(() => valuesFromRows(defs, rows), [defs, rows]);
  const [draft, setDraft] = useState<SettingValues>({});
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [refused, setRefused] = useState<Refused | null>(null);
  const values = useMemo(() => ({ ...saved, ...draft }), [saved, draft]);
  const dirtyKeys = changedKeys(defs, saved, values);
  const dirty = dirtyKeys.length > 0;

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  /** The server refused `key`: say why in the UI's language when the client can tell, else in the server's words. */
  function serverError(key: string, message: string, sent: SettingValues): FieldError {
    const def = defs.find((d) => d.key === key);
    const checked = def ? checkSetting(def, sent[key] ?? '') : null;
    return checked && !checked.ok ? { issue: checked.issue } : { message };
  }

  function setValue(key: string, value: string) {
    setDraft((current) => ({ ...current, [key]: value }));
    // An error shown for this field is re-checked as the admin fixes it.
    const def = defs.find((d) => d.key === key);
    if (!def || !errors[key]) return;
    const checked = checkSetting(def, value);
    setErrors((current) => (checked.ok ? without(current, [key]) : { ...current, [key]: { issue: checked.issue } }));
  }

  function discard() {
    setDraft({});
    setErrors({});
    setRefused(null);
  }

  function onSaved(result: SettingsUpdateResultDto, sent: SettingValues) {
    const refusedKeys = result.errors.map((e) => e.key);
    // Keys saved are dropped from the draft, unless the admin changed them again while the save ran.
    setDraft((current) =>
      without(
        current,
        Object.keys(sent).filter((key) => !refusedKeys.includes(key) && current[key] === sent[key]),
      ),
    );
    setErrors(Object.fromEntries(result.errors.map((e) => [e.key, serverError(e.key, e.error, sent)])));
    setRefused(refusedKeys.length > 0 ? { keys: refusedKeys, partial: true } : null);
    if (refusedKeys.length === 0) {
      toast.success(t('settings.toast.saved'));
      return;
    }
    toast.warning(t('settings.toast.partial', { saved: result.updatedCount, failed: refusedKeys.length }), {
      description: refusedKeys.map(label).join(t('settings.refused.separator')),
    });
    onInvalid();
  }

  function onFailed(error: unknown, sent: SettingValues) {
    if (isApiError(error) && error.code === 'VALIDATION_FAILED' && error.details.length > 0) {
      setErrors(Object.fromEntries(error.details.map((d) => [d.path, serverError(d.path, d.message, sent)])));
      setRefused({ keys: error.details.map((d) => d.path), partial: false });
      toast.error(t('settings.toast.notSaved'));
      onInvalid();
      return;
    }
    toast.error(t('settings.toast.failed'), { description: errorMessage(error) });
  }

  function save() {
    if (!dirty || update.isPending) return;
    const patch = buildPatch(defs, values, dirtyKeys);
    if (!patch.ok) {
      setErrors(Object.fromEntries(Object.entries(patch.issues).map(([key, issue]) => [key, { issue }])));
      toast.error(t('settings.toast.invalid'));
      onInvalid();
      return;
    }
    const sent = Object.fromEntries(dirtyKeys.map((key) => [key, values[key] ?? '']));
    update.mutate(
      { group, values: patch.body },
      { onSuccess: (result) => onSaved(result, sent), onError: (error) => onFailed(error, sent) },
    );
  }

  return { defs, values, saved, errors, refused, dirtyKeys, saving: update.isPending, setValue, discard, save };
}
