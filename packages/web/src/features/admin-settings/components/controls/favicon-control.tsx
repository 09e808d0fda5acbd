import { ImageOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFaviconUrl } from '@driftbox/contract';
import { Input } from '../../../../components/ui/input';
import type { SettingControlProps } from './control-props';

type PreviewState = { kind: 'default' } | { kind: 'invalid' } | { kind: 'image'; url: string };

function previewOf(value: string): PreviewState {
  const url = value.trim();
  if (url === '') return { kind: 'default' };
  // The contract's rule (spec §5: http, https or data:image), so the preview never loads what the server refuses.
  return isFaviconUrl(url) ? { kind: 'image', url } : { kind: 'invalid' };
}

/** The favicon URL with a live preview of the icon as the browser will load it. */
export function FaviconControl({ value, onChange, control }: SettingControlProps) {
  const { t } = useTranslation();
  const preview = previewOf(value);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const failed = preview.kind === 'image' && failedUrl === preview.url;
  const caption =
    preview.kind === 'default'
      ? t('settings.favicon.default')
      : preview.kind === 'invalid'
        ? t('settings.favicon.invalid')
        : failed
          ? t('settings.favicon.failed')
          : t('settings.favicon.preview');

  return (
    <div className="flex items-center gap-3">
      <div
        className="flex size-10 shrink-0 items-center justify-center rounded-lg border border-line bg-subtle"
        title={caption}
        role="img"
        aria-label={caption}
      >
        {preview.kind === 'default' ? (
          <img src="/favicon.svg" alt="" className="size-6" />
        ) : preview.kind === 'image' && !failed ? (
          <img
            key={preview.url}
            src={preview.url}
            alt=""
            className="size-6 object-contain"
            onError={() => setFailedUrl(preview.url)}
          />
        ) : (
          <ImageOff className="size-5 text-fg-subtle" aria-hidden="true" />
        )}
      </div>
      <Input
        {...control}
        type="url"
        inputMode="url"
        spellCheck={false}
        placeholder="https://example.com/favicon.png"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
