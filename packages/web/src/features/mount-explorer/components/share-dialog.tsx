import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/share/copy-field';
import { QrCode } from '../../../components/share/qr-code';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field, FormError } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api/error-message';
import { useCreateShare, type MountShare } from '../api/create-share';
import type { ExplorerEntry } from '../lib/fs-entry';

/** Expiry choices in hours (0 = never), as the upload page offers them. */
const EXPIRY_HOURS = [0, 1, 24, 168, 720] as const;

/** Create share: password, expiry and view limit; then the link (copy) and its QR code. */
export function ShareDialog({ entry, onClose }: { entry: ExplorerEntry; onClose(): void }) {
  const { t } = useTranslation();
  const create = useCreateShare();
  const [password, setPassword] = useState('');
  const [expires, setExpires] = useState('0');
  const [maxViews, setMaxViews] = useState('');
  const [viewsError, setViewsError] = useState<string>();
  const [share, setShare] = useState<MountShare>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const views = maxViews.trim() === '' ? 0 : Number(maxViews);
    if (!Number.isInteger(views) || views < 0) {
      setViewsError(t('explorer.share.viewsInvalid'));
      return;
    }
    setViewsError(undefined);
    create.mutate(
      { path: entry.path, password: password || undefined, expires_in: Number(expires), max_views: views },
      { onSuccess: setShare },
    );
  };

  const link = share ? new URL(share.url, window.location.origin).href : '';
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !create.isPending && onClose()}
      title={t('explorer.share.title', { name: entry.name })}
      description={share ? t('explorer.share.created') : t('explorer.share.description')}
      footer={
        share ? (
          <Button onClick={onClose}>{t('common.done')}</Button>
        ) : (
          <>
            <Button variant="outline" onClick={onClose} disabled={create.isPending}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" form="explorer-share-form" loading={create.isPending}>
              {t('explorer.share.submit')}
            </Button>
          </>
        )
      }
    >
      {share ? (
        <div className="flex flex-col items-center gap-4">
          <div className="w-full">
            <CopyField
              label={t('explorer.share.link')}
              value={link}
              copyLabel={t('explorer.share.copyLink')}
              copiedMessage={t('explorer.share.copied')}
            />
          </div>
          <QrCode value={link} label={t('explorer.share.qr')} />
        </div>
      ) : (
        <form id="explorer-share-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
          <FormError message={create.error ? errorMessage(create.error, { preferServer: true }) : undefined} />
          <Field label={t('explorer.share.password')} hint={t('explorer.share.passwordHint')}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <Field label={t('explorer.share.expiry')}>
            {(control) => (
              <Select {...control} value={expires} onChange={(e) => setExpires(e.target.value)}>
                {EXPIRY_HOURS.map((hours) => (
                  <option key={hours} value={hours}>
                    {t(`explorer.share.expiryOptions.h${hours}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('explorer.share.maxViews')} hint={t('explorer.share.maxViewsHint')} error={viewsError}>
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                value={maxViews}
                onChange={(e) => setMaxViews(e.target.value)}
                placeholder="0"
              />
            )}
          </Field>
        </form>
      )}
    </Dialog>
  );
}
