import { Columns2, Eye, PenLine } from 'lucide-react';
import { Component, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { useMediaQuery, WIDE_QUERY } from '../../lib/hooks/use-media-query';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/spinner';
import type { EditorMode } from './editor-mode';
import { MarkdownPreview } from './markdown-preview';

/** CodeMirror's phrases (the words its search panel, go-to-line and announcements use) and our keys for them. */
const PHRASE_KEYS = {
  Find: 'find',
  Replace: 'replace',
  next: 'next',
  previous: 'previous',
  all: 'all',
  'match case': 'matchCase',
  regexp: 'regexp',
  'by word': 'byWord',
  replace: 'replaceOne',
  'replace all': 'replaceAll',
  close: 'close',
  'Go to line': 'goToLine',
  go: 'go',
  'replaced match on line $': 'replacedOnLine',
  'replaced $ matches': 'replacedCount',
  'current match': 'currentMatch',
  'on line': 'onLine',
  'Control character': 'controlCharacter',
  'Selection deleted': 'selectionDeleted',
} as const;

// CodeMirror is loaded with the pane, after the page shell has painted.
const EditorPane = lazy(() => import('./editor-pane').then((module) => ({ default: module.EditorPane })));

export interface MarkdownEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** Wide screens start split, phones in the editor. */
  defaultMode?: EditorMode;
  heightClass?: string;
  className?: string;
  /** Plain text or code rather than Markdown: the text only, without formatting buttons or preview. */
  plain?: boolean;
  /** Focus the text once the editor has loaded. */
  autoFocus?: boolean;
}

/** Markdown editor with toolbar and live preview: split view on wide screens, write/preview tabs on phones. */
export function MarkdownEditor({
  value,
  onChange,
  defaultMode = 'split',
  heightClass = 'h-[60dvh] min-h-80',
  className,
  plain = false,
  autoFocus,
}: MarkdownEditorProps) {
  const { t } = useTranslation();
  const wide = useMediaQuery(WIDE_QUERY);
  const phrases = useMemo(
    () =>
      Object.fromEntries(
        Object.entries(PHRASE_KEYS).map(([phrase, key]) => [phrase, t(`paste.editor.phrases.${key}`)]),
      ),
    [t],
  );
  const [chosen, setChosen] = useState<EditorMode>(defaultMode);
  // Split needs the width; on a phone it falls back to writing.
  const mode: EditorMode = plain ? 'write' : chosen === 'split' && !wide ? 'write' : chosen;
  const modes: { value: EditorMode; label: string; icon: ReactNode }[] = [
    { value: 'write', label: t('paste.editor.mode.write'), icon: <PenLine /> },
    ...(wide ? [{ value: 'split' as const, label: t('paste.editor.mode.split'), icon: <Columns2 /> }] : []),
    { value: 'preview', label: t('paste.editor.mode.preview'), icon: <Eye /> },
  ];

  const modeSwitch = (
    <div
      role="group"
      aria-label={t('paste.editor.mode.label')}
      className="grid auto-cols-fr grid-flow-col gap-0.5 rounded-lg bg-subtle p-0.5 sm:flex"
    >
      {modes.map((item) => (
        <Button
          key={item.value}
          size="sm"
          variant="ghost"
          aria-pressed={mode === item.value}
          onClick={() => setChosen(item.value)}
          icon={item.icon}
          className={cn(
            'h-7 px-2.5',
            mode === item.value && 'bg-surface text-fg shadow-xs hover:bg-surface dark:bg-muted dark:hover:bg-muted',
          )}
        >
          {item.label}
        </Button>
      ))}
    </div>
  );

  return (
    <div
      className={cn(
        'overflow-hidden rounded-2xl border border-line bg-surface shadow-xs focus-within:border-accent/60',
        className,
      )}
    >
      <EditorBoundary fallback={<EditorFailed />}>
        <Suspense fallback={<EditorSkeleton toolbarEnd={modeSwitch} heightClass={heightClass} />}>
          <EditorPane
            value={value}
            onChange={onChange}
            label={t('paste.editor.content')}
            placeholder={t('paste.editor.placeholder')}
            snippets={{
              bold: t('paste.editor.snippets.bold'),
              italic: t('paste.editor.snippets.italic'),
              link: t('paste.editor.snippets.link'),
            }}
            phrases={phrases}
            mode={mode}
            toolbarEnd={modeSwitch}
            preview={<MarkdownPreview source={value} />}
            heightClass={heightClass}
            plain={plain}
            autoFocus={autoFocus}
          />
        </Suspense>
      </EditorBoundary>
    </div>
  );
}

function EditorSkeleton({ toolbarEnd, heightClass }: { toolbarEnd: ReactNode; heightClass: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col" role="status" aria-label={t('common.loading')}>
      <div className="flex flex-col-reverse gap-1.5 border-b border-line px-2 py-1.5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-1 overflow-hidden">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="size-8 shrink-0" />
          ))}
        </div>
        {toolbarEnd}
      </div>
      <div className={cn('flex flex-col gap-3 p-4', heightClass)}>
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}

/** Spec §8 "editor not ready": the editor chunk could not be loaded (offline, or a new version deployed). */
function EditorFailed() {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-sm font-medium text-danger-text">{t('paste.errors.editorNotReady')}</p>
      <Button variant="outline" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </div>
  );
}

class EditorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
