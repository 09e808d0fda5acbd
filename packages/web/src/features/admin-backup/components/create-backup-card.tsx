import { BACKUP_MODULES, type BackupModule } from '@driftbox/contract';
import { Download, ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox';
import { ErrorState } from '../../../components/ui/error-state';
import { FormError } from '../../../components/ui/field';
import { Skeleton } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/toaster';
import { errorMessage } from '../../../lib/api/error-message';
import { useCreateBackup } from '../api/create-backup';
import { useBackupModules } from '../api/get-backup-modules';
import { RadioOption } from './radio-option';

type BackupType = 'full' | 'modules';

const isModule = (name: string): name is BackupModule => (BACKUP_MODULES as readonly string[]).includes(name);

/** Full or per-module backup, downloaded as a JSON file (spec §3 backup mode, §5 at least one module). */
export function CreateBackupCard() {
  const { t } = useTranslation();
  const modules = useBackupModules();
  const create = useCreateBackup();
  const [type, setType] = useState<BackupType>('full');
  const [selected, setSelected] = useState<BackupModule[]>([]);
  const [error, setError] = useState<string>();

  function toggle(name: BackupModule, on: boolean) {
    setError(undefined);
    setSelected((current) => (on ? [...current, name] : current.filter((m) => m !== name)));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (type === 'modules' && selected.length === 0) {
      setError(t('backup.errors.noModule'));
      return;
    }
    setError(undefined);
    const body =
      type === 'full'
        ? { backup_type: 'full' as const }
        : { backup_type: 'modules' as const, selected_modules: selected };
    create.mutate(body, {
      onSuccess: () => toast.success(t('backup.create.done')),
      onError: (cause) => setError(`${t('backup.errors.create')}: ${errorMessage(cause, { preferServer: true })}`),
    });
  }

  return (
    <Card>
      <CardHeader title={t('backup.create.title')} description={t('backup.create.description')} />
      <CardBody>
        <form onSubmit={onSubmit} className="flex flex-col gap-4" noValidate>
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="mb-1.5 text-sm font-medium text-fg">{t('backup.create.type')}</legend>
            <RadioOption
              name="backup-type"
              value="full"
              checked={type === 'full'}
              onSelect={setType}
              label={t('backup.create.full')}
              hint={t('backup.create.fullHint')}
            />
            <RadioOption
              name="backup-type"
              value="modules"
              checked={type === 'modules'}
              onSelect={setType}
              label={t('backup.create.modules')}
              hint={t('backup.create.modulesHint')}
            />
          </fieldset>
          {type === 'modules' ? (
            <fieldset className="flex flex-col gap-2.5">
              <legend className="mb-1.5 text-sm font-medium text-fg">{t('backup.create.moduleList')}</legend>
              {modules.isPending ? (
                <div role="status" aria-label={t('common.loading')} className="flex flex-col gap-2">
                  <Skeleton className="h-5 w-1/2" />
                  <Skeleton className="h-5 w-2/5" />
                  <Skeleton className="h-5 w-3/5" />
                </div>
              ) : modules.isError ? (
                <ErrorState
                  className="py-4"
                  title={t('backup.errors.modules')}
                  message={errorMessage(modules.error)}
                  onRetry={() => void modules.refetch()}
                />
              ) : (
                Object.entries(modules.data.modules)
                  .filter((entry): entry is [BackupModule, (typeof entry)[1]] => isModule(entry[0]))
                  .map(([name, info]) => (
                    <CheckboxField
                      key={name}
                      label={info.name}
                      description={`${info.description} · ${t('backup.create.records', { count: info.record_count })}`}
                      checked={selected.includes(name)}
                      onCheckedChange={(on) => toggle(name, on)}
                    />
                  ))
              )}
            </fieldset>
          ) : null}
          <p className="flex gap-2 rounded-lg bg-warning-soft px-3 py-2 text-sm text-warning-text">
            <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {t('backup.create.secrets')}
          </p>
          <FormError message={error} />
          <div>
            <Button type="submit" icon={<Download />} loading={create.isPending}>
              {create.isPending ? t('backup.create.creating') : t('backup.create.submit')}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
