import { SHARE_MAX_VIEWS_MAX, type StorageConfigSummaryDto } from '@driftbox/contract';
import { SlidersHorizontal } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { parseMaxViews } from '../../../lib/forms/paste-form';
import { storageConfigName } from '../../../lib/shares/storage-config-name';
import type { UploadFormValues } from '../lib/upload-form';

export interface OptionsSummaryProps {
  values: UploadFormValues;
  config: StorageConfigSummaryDto | undefined;
  /** Exactly one file: a custom link names it (with several it is not used). */
  single: boolean;
  /** Takes the user to the options themselves. */
  onEdit: () => void;
  className?: string;
}

/**
 * The chosen share options in a line beside Upload, for narrow screens, where the options card comes
 * after the button: what the files will be shared with is seen before pressing it.
 */
export function OptionsSummary({ values, config, single, onEdit, className }: OptionsSummaryProps) {
  const { t } = useTranslation();
  const parts = [
    config ? storageConfigName(config, t) : t('upload.summary.noStorage'),
    t('upload.summary.expires', { expiry: t(`paste.form.expiryOptions.${values.expiry}`) }),
  ];
  if (single && values.slug.trim()) parts.push(`/file/${values.slug.trim()}`);
  if (values.password) parts.push(t('upload.summary.password'));
  const views = parseMaxViews(values.maxViews, SHARE_MAX_VIEWS_MAX);
  if (views) parts.push(t('upload.summary.maxViews', { count: views }));
  return (
    <div
      role="group"
      aria-label={t('upload.summary.label')}
      className={cn('flex items-center gap-2 rounded-lg border border-line bg-subtle/50 py-1.5 pr-1.5 pl-3', className)}
    >
      <SlidersHorizontal className="size-4 shrink-0 text-fg-subtle" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-xs text-fg-muted">{parts.join(' · ')}</p>
      <Button variant="outline" size="sm" className="shrink-0" onClick={onEdit}>
        {t('upload.summary.edit')}
      </Button>
    </div>
  );
}
