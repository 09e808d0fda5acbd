import { Server } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { BACKEND_BASE, BACKEND_URL_KEY, backendBaseFrom } from '../../../lib/api/backend';
import { readStorage, removeStorage, writeStorage } from '../../../lib/browser-storage';

/** Where the backend address of this page load came from (spec §7: runtime config, stored value, default). */
function sourceOfBackend(): 'runtime' | 'stored' | 'default' {
  if (backendBaseFrom(window.appConfig?.backendUrl)) return 'runtime';
  if (backendBaseFrom(readStorage(BACKEND_URL_KEY))) return 'stored';
  return 'default';
}

/**
 * `?showEnvSwitcher` (admins only): the backend base address. A stored value applies after a reload
 * and only when no runtime config sets one.
 */
export function EnvSwitcher() {
  const { t } = useTranslation();
  const [value, setValue] = useState(readStorage(BACKEND_URL_KEY) ?? '');
  const [error, setError] = useState<string>();
  const source = sourceOfBackend();

  const save = () => {
    if (value.trim() && !backendBaseFrom(value)) {
      setError(t('explorer.env.invalid'));
      return;
    }
    if (value.trim()) writeStorage(BACKEND_URL_KEY, value.trim());
    else removeStorage(BACKEND_URL_KEY);
    window.location.reload();
  };

  return (
    <section
      aria-label={t('explorer.env.title')}
      className="mb-4 flex flex-col gap-3 rounded-xl border border-line bg-surface p-4"
    >
      <div className="flex items-center gap-2">
        <Server className="size-4 text-accent-text" aria-hidden="true" />
        <h2 className="text-sm font-semibold text-fg">{t('explorer.env.title')}</h2>
      </div>
      <p className="text-sm text-fg-muted">
        {t('explorer.env.current', { url: BACKEND_BASE || window.location.origin })} ·{' '}
        {t(`explorer.env.source.${source}`)}
      </p>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Field label={t('explorer.env.stored')} error={error} hint={t('explorer.env.hint')} className="flex-1">
          {(control) => (
            <Input
              {...control}
              value={value}
              placeholder="https://api.example.com"
              onChange={(e) => setValue(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" className="sm:mb-5">
          {t('explorer.env.apply')}
        </Button>
      </form>
    </section>
  );
}
