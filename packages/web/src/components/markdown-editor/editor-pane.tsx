import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, placeholder as placeholderExtension, type KeyBinding } from '@codemirror/view';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { insertLink, toggleInline } from './editor-commands';
import { baseExtensions } from './editor-setup';
import { EditorToolbar, runAction } from './editor-toolbar';
import type { EditorMode } from './editor-mode';

export interface EditorPaneProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the text area (the editor has no visible label of its own). */
  label: string;
  placeholder: string;
  snippets: { bold: string; italic: string; link: string };
  /** CodeMirror's own words (search panel, go to line, screen-reader announcements) in the page's language. */
  phrases: Record<string, string>;
  mode: EditorMode;
  /** Rendered at the end of the toolbar row (the view-mode switch). */
  toolbarEnd: ReactNode;
  /** The preview, shown beside (split) or instead of (preview) the editor. */
  preview: ReactNode;
  heightClass: string;
  /** Plain text or code (not Markdown): no formatting buttons, no toolbar row. */
  plain?: boolean;
  /** Focus the text as soon as the editor exists (an edit form that just opened). */
  autoFocus?: boolean;
}

/**
 * CodeMirror 6 with the formatting toolbar. This module and CodeMirror form one chunk loaded on
 * demand. The editor stays mounted in preview mode so its undo history survives switching views.
 */
export function EditorPane({
  value,
  onChange,
  label,
  placeholder,
  snippets,
  phrases,
  mode,
  toolbarEnd,
  preview,
  heightClass,
  plain = false,
  autoFocus = false,
}: EditorPaneProps) {
  const host = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const labels = useRef(new Compartment());
  const initial = useRef({ value, label, placeholder, snippets, phrases, autoFocus });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!host.current) return;
    const start = initial.current;
    const shortcuts: KeyBinding[] = [
      { key: 'Mod-b', run: (v) => (runAction(toggleInline('**', start.snippets.bold))(v), true) },
      { key: 'Mod-i', run: (v) => (runAction(toggleInline('_', start.snippets.italic))(v), true) },
      { key: 'Mod-k', run: (v) => (runAction(insertLink(start.snippets.link))(v), true) },
    ];
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          baseExtensions(shortcuts),
          labels.current.of(labelExtensions(start.label, start.placeholder, start.phrases)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    setView(created);
    if (start.autoFocus) created.focus();
    return () => {
      created.destroy();
      setView(null);
    };
  }, []);

  // The language can change while the editor is open.
  useEffect(() => {
    view?.dispatch({ effects: labels.current.reconfigure(labelExtensions(label, placeholder, phrases)) });
  }, [view, label, placeholder, phrases]);

  // Outside changes (an imported file, a cleared draft) replace the document as one undoable step.
  useEffect(() => {
    if (!view) return;
    const current = view.state.doc.toString();
    if (current !== value) view.dispatch({ changes: { from: 0, to: current.length, insert: value } });
  }, [view, value]);

  return (
    <div className="flex flex-col">
      {/* Phones: the view tabs on top, the formatting buttons below (wrapping onto a second row). */}
      {plain ? null : (
        <div className="flex flex-col-reverse gap-1.5 border-b border-line px-2 py-1.5 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <EditorToolbar view={view} disabled={mode === 'preview'} />
          </div>
          {toolbarEnd}
        </div>
      )}
      <div className={cn('grid', heightClass, mode === 'split' && 'grid-cols-2 divide-x divide-line')}>
        <div ref={host} className={cn('min-h-0 min-w-0 overflow-hidden', mode === 'preview' && 'hidden')} />
        {mode === 'write' ? null : <div className="min-h-0 min-w-0 overflow-y-auto">{preview}</div>}
      </div>
    </div>
  );
}

function labelExtensions(label: string, placeholder: string, phrases: Record<string, string>) {
  return [
    EditorView.contentAttributes.of({ 'aria-label': label }),
    placeholderExtension(placeholder),
    EditorState.phrases.of(phrases),
  ];
}
