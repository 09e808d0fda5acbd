import { Check, Copy, FileDown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiKeyWithSecretDto } from '@driftbox/contract';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toaster';
import { copyText } from '../../../lib/clipboard';
import { canUploadFiles, downloadShareXConfig } from '../lib/sharex';

interface KeyCreatedDialogProps {
  apiKey: ApiKeyWithSecretDto | null;
  /** Names the ShareX uploader. */
  siteTitle: string;
  onClose: () => void;
}

/**
 * Shows a new key's secret right after it was created, with a copy button and, for a key that may upload
 * files, its ShareX config (both are also in the key list's row actions later).
 */
export function KeyCreatedDialog({ apiKey, siteTitle, onClose }: KeyCreatedDialogProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  async function copy(secret: string) {
    try {
      await copyText(secret);
      setCopied(true);
      toast.success(t('keys.toast.copied'));
    } catch {
      toast.error(t('keys.errors.copy'));
    }
  }

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => {
        if (open) return;
        setCopied(false);
        onClose();
      }}
      title={t('keys.created.title', { name: apiKey?.name ?? '' })}
      description={t('keys.created.description')}
      footer={<Button onClick={onClose}>{t('common.done')}</Button>}
    >
      {apiKey ? (
        <Field label={t('keys.created.keyLabel')}>
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                readOnly
                value={apiKey.key}
                className="font-mono"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button variant="outline" icon={copied ? <Check /> : <Copy />} onClick={() => void copy(apiKey.key)}>
                {copied ? t('keys.created.copied') : t('keys.created.copy')}
              </Button>
            </div>
          )}
        </Field>
      ) : null}
      {apiKey && canUploadFiles(apiKey) ? (
        <div className="mt-4 flex flex-col gap-2 rounded-md border border-line bg-subtle p-3 sm:flex-row sm:items-center">
          <p className="flex-1 text-sm text-fg-muted">{t('keys.sharex.createdHint')}</p>
          <Button
            variant="outline"
            icon={<FileDown />}
            onClick={() => downloadShareXConfig(apiKey, siteTitle)}
            className="shrink-0"
          >
            {t('keys.sharex.download')}
          </Button>
        </div>
      ) : null}
    </Dialog>
  );
}
