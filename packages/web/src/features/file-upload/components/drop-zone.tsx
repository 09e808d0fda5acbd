import { UploadCloud } from 'lucide-react';
import { useRef, useState, type DragEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { focusRing } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import { takeDroppedFiles } from '../lib/dropped-files';

export interface DropZoneProps {
  onFiles: (files: File[]) => void;
  /** The server's upload limit, shown as a hint. */
  maxBytes?: number;
  disabled?: boolean;
  /** A coarse pointer (phone, tablet): there is no dragging or clicking, only tapping. */
  touch?: boolean;
  /** The zone's button, e.g. to focus once the file list is gone. */
  ref?: Ref<HTMLButtonElement>;
}

/** Drop files here, or activate it (click, Enter, Space) to pick them; Ctrl+V pastes files too. */
export function DropZone({ onFiles, maxBytes, disabled, touch, ref }: DropZoneProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const files = takeDroppedFiles(event.dataTransfer);
    if (files.length > 0) onFiles(files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
    >
      <button
        ref={ref}
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className={cn(
          'flex w-full flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors sm:py-12',
          'disabled:cursor-not-allowed disabled:opacity-60',
          over
            ? 'border-accent bg-accent-soft'
            : 'border-line-strong bg-subtle/40 hover:border-accent/60 hover:bg-subtle',
          focusRing,
        )}
      >
        <span
          className="flex size-12 items-center justify-center rounded-full bg-accent-soft text-accent-text"
          aria-hidden="true"
        >
          <UploadCloud className="size-6" />
        </span>
        <span className="text-sm font-semibold text-fg">
          {over ? t('upload.drop.release') : touch ? t('upload.drop.titleTouch') : t('upload.drop.title')}
        </span>
        <span className="text-xs text-fg-muted">{t('upload.drop.hint')}</span>
        {maxBytes !== undefined ? (
          <span className="text-xs text-fg-subtle">{t('upload.drop.limit', { size: formatBytes(maxBytes) })}</span>
        ) : null}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        aria-label={t('upload.drop.pick')}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (files.length > 0) onFiles(files);
          event.target.value = '';
        }}
      />
    </div>
  );
}
