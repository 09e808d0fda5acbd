import { closeBrackets, closeBracketsKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { languages } from '@codemirror/language-data';
import { highlightSelectionMatches, searchKeymap } from '@codemirror/search';
import type { Extension } from '@codemirror/state';
import { drawSelection, EditorView, keymap, type KeyBinding } from '@codemirror/view';
import { tags } from '@lezer/highlight';

/** Colours come from the app's CSS variables, so the editor follows light and dark without reconfiguring. */
const theme = EditorView.theme({
  '&': { height: '100%', color: 'var(--color-fg)', backgroundColor: 'var(--color-surface)', fontSize: '14px' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.65', overflow: 'auto' },
  '.cm-content': { padding: '14px 0', caretColor: 'var(--color-accent)' },
  '.cm-line': { padding: '0 16px' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--color-accent)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection':
    {
      backgroundColor: 'color-mix(in srgb, var(--color-accent) 28%, transparent)',
    },
  '.cm-placeholder': { color: 'var(--color-fg-subtle)' },
  '.cm-selectionMatch': { backgroundColor: 'color-mix(in srgb, var(--color-accent) 14%, transparent)' },
  '.cm-searchMatch': { backgroundColor: 'color-mix(in srgb, #eab308 35%, transparent)' },
  '.cm-panels': { backgroundColor: 'var(--color-subtle)', color: 'var(--color-fg)', borderColor: 'var(--color-line)' },
  '.cm-panels input, .cm-panels button': { color: 'inherit' },
  '.cm-textfield': {
    backgroundColor: 'var(--color-surface)',
    border: '1px solid var(--color-line-strong)',
    borderRadius: '6px',
  },
  '.cm-button': {
    backgroundImage: 'none',
    backgroundColor: 'var(--color-surface)',
    border: '1px solid var(--color-line-strong)',
    borderRadius: '6px',
  },
});

/** Markdown syntax colours, again from the app's tokens. */
const highlight = HighlightStyle.define([
  { tag: tags.heading1, fontWeight: '700', fontSize: '1.2em', color: 'var(--color-fg)' },
  { tag: tags.heading2, fontWeight: '700', fontSize: '1.1em', color: 'var(--color-fg)' },
  { tag: [tags.heading3, tags.heading4, tags.heading5, tags.heading6], fontWeight: '700', color: 'var(--color-fg)' },
  { tag: tags.strong, fontWeight: '700' },
  { tag: tags.emphasis, fontStyle: 'italic' },
  { tag: tags.strikethrough, textDecoration: 'line-through' },
  { tag: [tags.link, tags.url], color: 'var(--color-accent-text)' },
  { tag: tags.monospace, color: 'var(--color-warning-text)' },
  { tag: tags.quote, color: 'var(--color-fg-muted)', fontStyle: 'italic' },
  { tag: [tags.processingInstruction, tags.meta, tags.contentSeparator, tags.list], color: 'var(--color-fg-subtle)' },
  { tag: [tags.keyword, tags.operator], color: '#c026d3' },
  { tag: [tags.string, tags.special(tags.string)], color: 'var(--color-success-text)' },
  { tag: [tags.number, tags.bool, tags.atom], color: 'var(--color-accent-text)' },
  { tag: tags.comment, color: 'var(--color-fg-subtle)', fontStyle: 'italic' },
]);

/**
 * The editor's fixed extensions: history, Markdown with highlighted code fences (languages load on
 * demand), bracket closing, search, soft wrapping. Tab is left to the browser so keyboard users can
 * leave the editor; Markdown's own keymap continues lists on Enter.
 */
export function baseExtensions(shortcuts: readonly KeyBinding[]): Extension[] {
  return [
    history(),
    drawSelection(),
    closeBrackets(),
    highlightSelectionMatches(),
    markdown({ base: markdownLanguage, codeLanguages: languages }),
    syntaxHighlighting(highlight),
    EditorView.lineWrapping,
    keymap.of([...shortcuts, ...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...searchKeymap]),
    theme,
  ];
}
