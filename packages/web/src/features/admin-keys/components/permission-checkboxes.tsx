import { PERMISSION_OBJECT_KEYS, hasPermission, type PermissionObjectKey } from '@driftbox/contract';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/ui/checkbox';

/** The eleven bits, grouped the way people think about them. */
const GROUPS: { id: 'sharing' | 'mount' | 'webdav'; keys: PermissionObjectKey[] }[] = [
  { id: 'sharing', keys: ['text', 'text_manage', 'file', 'file_manage'] },
  { id: 'mount', keys: ['mount_view', 'mount_upload', 'mount_copy', 'mount_rename', 'mount_delete'] },
  { id: 'webdav', keys: ['webdav_read', 'webdav_manage'] },
];

export interface PermissionCheckboxesProps {
  value: number;
  onToggle: (bit: number, on: boolean) => void;
  error?: string | undefined;
}

export function PermissionCheckboxes({ value, onToggle, error }: PermissionCheckboxesProps) {
  const { t } = useTranslation();
  const groupTitle = {
    sharing: t('keys.form.groups.sharing'),
    mount: t('keys.form.groups.mount'),
    webdav: t('keys.form.groups.webdav'),
  };
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-fg">{t('keys.form.permissions')}</legend>
      <div className="grid gap-3 rounded-xl border border-line bg-subtle/40 p-3 sm:grid-cols-3">
        {GROUPS.map((group) => (
          <div key={group.id} className="flex flex-col gap-2.5">
            <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{groupTitle[group.id]}</p>
            {group.keys.map((key) => {
              const bit = PERMISSION_OBJECT_KEYS[key];
              return (
                <CheckboxField
                  key={key}
                  label={t(`keys.permissions.${key}`)}
                  checked={hasPermission(value, bit)}
                  onCheckedChange={(on) => onToggle(bit, on)}
                />
              );
            })}
          </div>
        ))}
      </div>
      {error ? (
        <p className="mt-1.5 text-xs font-medium text-danger-text" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
