import { FileText } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownState } from '../markdown/markdown-body';
import { useRenderedMarkdown } from '../markdown/use-rendered-markdown';

/** The live preview: rendering runs on a deferred copy of the text, so typing never waits for it. */
export function MarkdownPreview({ source }: { source: string }) {
  const { t } = useTranslation();
  const deferred = useDeferredValue(source);
  return (
    <section aria-label={t('paste.editor.previewLabel')} className="px-5 py-4">
      {deferred.trim() === '' ? (
        <p className="flex items-center gap-2 text-sm text-fg-subtle">
          <FileText className="size-4" aria-hidden="true" />
          {t('paste.editor.previewEmpty')}
        </p>
      ) : (
        <RenderedPreview source={deferred} />
      )}
    </section>
  );
}

/** Mounted only once there is text, so an empty editor never fetches the renderer chunk. */
function RenderedPreview({ source }: { source: string }) {
  return <MarkdownState state={useRenderedMarkdown(source)} />;
}
