import { useTranslation } from 'react-i18next';
import { Textarea } from '../../../../components/ui/input';
import { useMarkdownHtml } from '../../../../lib/markdown/use-markdown-html';
import type { SettingControlProps } from './control-props';

/**
 * Markdown settings (footer, announcement): the source beside a live preview rendered and sanitised
 * exactly as visitors will see it (lib/markdown/basic-preset). Side by side on wide screens, stacked on phones.
 */
export function MarkdownControl({ value, onChange, control }: SettingControlProps) {
  const { t } = useTranslation();
  const html = useMarkdownHtml(value);
  const previewId = `${control.id}-preview`;
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <Textarea {...control} rows={5} className="min-h-32" value={value} onChange={(e) => onChange(e.target.value)} />
      <div className="flex min-h-32 flex-col rounded-lg border border-dashed border-line-control bg-canvas/60">
        <p
          id={previewId}
          className="border-b border-line px-3 py-1.5 text-xs font-medium tracking-wide text-fg-subtle uppercase"
        >
          {t('settings.markdown.preview')}
        </p>
        {html ? (
          // The HTML comes from renderMarkdown: markdown-it with raw HTML off, then DOMPurify.
          <div
            aria-labelledby={previewId}
            role="region"
            className="prose-lite min-w-0 px-3 py-2 text-sm break-words text-fg"
            dangerouslySetInnerHTML={{ __html: html }}
          />
        ) : (
          <p className="px-3 py-2 text-sm text-fg-subtle italic">{t('settings.markdown.empty')}</p>
        )}
      </div>
    </div>
  );
}
