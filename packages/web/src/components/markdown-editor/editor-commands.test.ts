import { EditorSelection, EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  cycleHeading,
  insertLink,
  insertTable,
  LINE_PREFIXES,
  toggleCode,
  toggleInline,
  toggleLinePrefix,
  type EditorAction,
} from './editor-commands';

/** Applies an action to `doc` with the selection from..to; returns the text and the selected part. */
function apply(action: EditorAction, doc: string, from: number, to = from): { doc: string; selected: string } {
  const state = EditorState.create({
    doc,
    selection: EditorSelection.range(from, to),
    extensions: EditorState.allowMultipleSelections.of(true),
  });
  const next = state.update(action(state)).state;
  const main = next.selection.main;
  return { doc: next.doc.toString(), selected: next.sliceDoc(main.from, main.to) };
}

describe('inline formatting', () => {
  const bold = toggleInline('**', 'bold text');

  it('wraps the selection, or inserts a selected placeholder', () => {
    expect(apply(bold, 'say hi', 4, 6)).toEqual({ doc: 'say **hi**', selected: 'hi' });
    expect(apply(bold, 'say ', 4)).toEqual({ doc: 'say **bold text**', selected: 'bold text' });
  });

  it('unwraps text that is already wrapped, selected with or without its markers', () => {
    expect(apply(bold, 'say **hi**', 6, 8)).toEqual({ doc: 'say hi', selected: 'hi' });
    expect(apply(bold, 'say **hi**', 4, 10)).toEqual({ doc: 'say hi', selected: 'hi' });
  });

  it('uses inline code within a line and a fence across lines', () => {
    expect(apply(toggleCode('code'), 'run ls now', 4, 6).doc).toBe('run `ls` now');
    expect(apply(toggleCode('code'), 'a\nb', 0, 3).doc).toBe('```\na\nb\n```');
  });
});

describe('line prefixes', () => {
  it('adds a prefix to every selected line and removes it when all have it', () => {
    const quote = toggleLinePrefix(LINE_PREFIXES.quote);
    expect(apply(quote, 'one\ntwo', 0, 7).doc).toBe('> one\n> two');
    expect(apply(quote, '> one\n> two', 0, 11).doc).toBe('one\ntwo');
  });

  it('numbers ordered lists and switches list kinds instead of stacking markers', () => {
    expect(apply(toggleLinePrefix(LINE_PREFIXES.ordered), 'a\nb\nc', 0, 5).doc).toBe('1. a\n2. b\n3. c');
    expect(apply(toggleLinePrefix(LINE_PREFIXES.task), '- a\n- b', 0, 7).doc).toBe('- [ ] a\n- [ ] b');
    expect(apply(toggleLinePrefix(LINE_PREFIXES.bullet), '- [ ] a', 0).doc).toBe('- a');
    expect(apply(toggleLinePrefix(LINE_PREFIXES.bullet), '  - a', 0).doc).toBe('  a');
  });

  it('cycles headings: none, #, ##, ###, none', () => {
    let doc = 'Title';
    const seen: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      doc = apply(cycleHeading, doc, 0).doc;
      seen.push(doc);
    }
    expect(seen).toEqual(['# Title', '## Title', '### Title', 'Title']);
  });
});

describe('blocks', () => {
  it('inserts a link with the URL selected, or uses a selected URL as the target', () => {
    expect(apply(insertLink('link text'), 'see docs', 4, 8)).toEqual({
      doc: 'see [docs](https://)',
      selected: 'https://',
    });
    expect(apply(insertLink('link text'), 'https://a.example', 0, 17)).toEqual({
      doc: '[link text](https://a.example)',
      selected: 'link text',
    });
  });

  it('puts a table on its own paragraph with the first header cell selected', () => {
    const result = apply(insertTable('Column', 'Cell'), 'Intro', 5);
    expect(result.doc).toBe('Intro\n\n| Column | Column |\n| ------ | ------ |\n| Cell   | Cell   |\n');
    expect(result.selected).toBe('Column');
  });
});
