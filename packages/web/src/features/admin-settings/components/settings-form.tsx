import { useMemo, useRef, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsOfGroup, type SettingDto, type SettingGroupId } from '@driftbox/contract';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { useSettingsForm } from '../hooks/use-settings-form';
import { GROUP_NAMES } from '../lib/group-names';
import { fieldsOf, sectionsOf } from './field-specs';
import { RefusedNotice } from './refused-notice';
import { SaveBar } from './save-bar';
import { SettingField } from './setting-field';

/**
 * The one settings form: every catalogue entry of `group` becomes a field (fieldsOf), arranged in the
 * group's cards, with a sticky save bar that sends only what changed.
 */
export function SettingsForm({ group, rows }: { group: SettingGroupId; rows: readonly SettingDto[] }) {
  const { t } = useTranslation();
  const formRef = useRef<HTMLFormElement>(null);
  const defs = useMemo(() => settingsOfGroup(group), [group]);
  const sections = useMemo(() => sectionsOf(group, fieldsOf(defs)), [group, defs]);
  // After a refused save, focus moves to the first field that says why (once React has shown the errors).
  const focusFirstError = () =>
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  const form = useSettingsForm(group, defs, rows, focusFirstError);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.save();
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t(`settings.pages.${GROUP_NAMES[group]}.title`)}>
      <RefusedNotice refused={form.refused} />
      <div className="flex flex-col gap-6">
        {sections.map((section) => (
          <Card key={section.id}>
            <CardHeader
              title={t(`settings.sections.${section.id}.title`)}
              description={t(`settings.sections.${section.id}.description`)}
            />
            <CardBody className="divide-y divide-line">
              {section.fields.map((spec) => (
                <SettingField key={spec.def.key} spec={spec} form={form} />
              ))}
            </CardBody>
          </Card>
        ))}
      </div>
      <SaveBar dirtyCount={form.dirtyKeys.length} saving={form.saving} onDiscard={form.discard} />
    </form>
  );
}
