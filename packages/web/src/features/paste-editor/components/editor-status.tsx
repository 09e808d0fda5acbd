import { CONTENT_LIMIT_BYTES, utf8ByteLength } from '@driftbox/contract';
import { CircleAlert, Cloud, CloudOff, LoaderCircle } from 'lucide-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { formatBytes } from '../../../lib/format';
import type { DraftStatus } from '../hooks/use-draft';

/** Code points, so an emoji counts as one character. */
function countCharacters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff) count += 1;
  }
  return count;
}

/** Under the editor: size against the 10 MB limit, and whether the draft is saved locally. */
export function EditorStatus({ content, draft }: { content: string; draft: DraftStatus }) {
  const { t } = useTranslation();
  // Counting 10 MB on every keystroke would lag typing; the numbers may trail by a frame.
  const deferred = useDeferredValue(content);
  const bytes = utf8ByteLength(deferred);
  const over = bytes > CONTENT_LIMIT_BYTES;
  return (
    <div className="mt-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-1 text-xs text-fg-subtle">
      <p className={cn(over && 'font-medium text-danger-text')}>
        {t('paste.editor.characters', { count: countCharacters(deferred) })}
        {' · '}
        {t('paste.editor.size', { size: formatBytes(bytes), limit: formatBytes(CONTENT_LIMIT_BYTES) })}
        {over ? ` · ${t('paste.form.errors.contentTooLarge')}` : null}
      </p>
      <DraftIndicator status={draft} />
    </div>
  );
}

function DraftIndicator({ status }: { status: DraftStatus }) {
  const { t } = useTranslation();
  if (status === 'idle') return null;
  if (status === 'failed') {
    return (
      <p role="status" className="flex items-center gap-1.5 font-medium text-danger-text">
        <CloudOff className="size-3.5" aria-hidden="true" />
        {t('paste.errors.autoSaveFailed')}
      </p>
    );
  }
  const Icon = status === 'pending' ? LoaderCircle : Cloud;
  return (
    <p role="status" className="flex items-center gap-1.5">
      <Icon className={cn('size-3.5', status === 'pending' && 'animate-spin')} aria-hidden="true" />
      {status === 'pending' ? t('paste.editor.draft.saving') : t('paste.editor.draft.saved')}
    </p>
  );
}

/** A short reminder of what the renderer understands, shown until a share is created. */
export function SyntaxTips() {
  const { t } = useTranslation();
  const tips = ['gfm', 'code', 'math', 'mermaid'] as const;
  return (
    <div className="rounded-2xl border border-dashed border-line-strong p-5 text-sm">
      <p className="flex items-center gap-2 font-semibold text-fg">
        <CircleAlert className="size-4 text-accent-text" aria-hidden="true" />
        {t('paste.tips.title')}
      </p>
      <ul className="mt-3 flex flex-col gap-2 text-fg-muted">
        {tips.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span className="mt-2 size-1.5 shrink-0 rounded-full bg-accent" aria-hidden="true" />
            <span>{t(`paste.tips.${tip}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
