import { EditorSelection, type ChangeSpec, type EditorState, type Line, type TransactionSpec } from '@codemirror/state';

/**
 * Toolbar actions as pure functions from an editor state to a transaction, so they are tested without
 * a DOM. Placeholders ("bold text", "Column", …) come from the caller, translated.
 */
export type EditorAction = (state: EditorState) => TransactionSpec;

/** Wraps each selection in `marker` (placeholder when empty), or unwraps it when already wrapped. */
export function toggleInline(marker: string, placeholder: string): EditorAction {
  const size = marker.length;
  return (state) =>
    state.changeByRange((range) => {
      const text = state.sliceDoc(range.from, range.to);
      const before = state.sliceDoc(range.from - size, range.from);
      const after = state.sliceDoc(range.to, range.to + size);
      if (!range.empty && before === marker && after === marker) {
        return {
          changes: [
            { from: range.from - size, to: range.from },
            { from: range.to, to: range.to + size },
          ],
          range: EditorSelection.range(range.from - size, range.to - size),
        };
      }
      if (text.length >= 2 * size && text.startsWith(marker) && text.endsWith(marker)) {
        return {
          changes: { from: range.from, to: range.to, insert: text.slice(size, -size) },
          range: EditorSelection.range(range.from, range.to - 2 * size),
        };
      }
      const inner = text || placeholder;
      return {
        changes: { from: range.from, to: range.to, insert: `${marker}${inner}${marker}` },
        range: EditorSelection.range(range.from + size, range.from + size + inner.length),
      };
    });
}

/** Every line touched by a selection, once each, in document order. */
function selectedLines(state: EditorState): Line[] {
  const lines = new Map<number, Line>();
  for (const range of state.selection.ranges) {
    const last = state.doc.lineAt(range.to).number;
    for (let n = state.doc.lineAt(range.from).number; n <= last; n += 1) lines.set(n, state.doc.line(n));
  }
  return [...lines.values()].sort((a, b) => a.number - b.number);
}

/** Any list or quote marker after the indentation, so switching list kinds replaces the old marker. */
const BLOCK_MARKER = /^(\s*)(?:[-*+] \[[ xX]\] |[-*+] |\d+[.)] |> ?)/;

export interface LinePrefixKind {
  /** Matches a line that already has this kind of prefix (after indentation). */
  pattern: RegExp;
  /** The prefix for the n-th (0-based) selected line. */
  prefix: (index: number) => string;
}

export const LINE_PREFIXES = {
  quote: { pattern: /^(\s*)> ?/, prefix: () => '> ' },
  bullet: { pattern: /^(\s*)[-*+] (?!\[[ xX]\] )/, prefix: () => '- ' },
  ordered: { pattern: /^(\s*)\d+[.)] /, prefix: (index: number) => `${index + 1}. ` },
  task: { pattern: /^(\s*)[-*+] \[[ xX]\] /, prefix: () => '- [ ] ' },
} satisfies Record<string, LinePrefixKind>;

/** Adds the prefix to every selected line, or removes it when every non-empty line has it already. */
export function toggleLinePrefix(kind: LinePrefixKind): EditorAction {
  return (state) => {
    const lines = selectedLines(state);
    const filled = lines.filter((line) => line.text.trim() !== '');
    const remove = filled.length > 0 && filled.every((line) => kind.pattern.test(line.text));
    const changes: ChangeSpec[] = [];
    let index = 0;
    for (const line of lines) {
      if (remove) {
        const match = kind.pattern.exec(line.text);
        if (match) changes.push({ from: line.from + (match[1]?.length ?? 0), to: line.from + match[0].length });
        continue;
      }
      if (line.text.trim() === '' && lines.length > 1) continue;
      const existing = BLOCK_MARKER.exec(line.text);
      const indent = existing?.[1]?.length ?? /^\s*/.exec(line.text)?.[0].length ?? 0;
      const to = existing ? line.from + existing[0].length : line.from + indent;
      changes.push({ from: line.from + indent, to, insert: kind.prefix(index) });
      index += 1;
    }
    return { changes };
  };
}

/** Cycles the heading level of the selected lines: none → # → ## → ### → none. */
export const cycleHeading: EditorAction = (state) => {
  const changes: ChangeSpec[] = selectedLines(state).map((line) => {
    const match = /^(#{1,6}) /.exec(line.text);
    const level = match?.[1]?.length ?? 0;
    const next = level >= 3 ? '' : `${'#'.repeat(level + 1)} `;
    return { from: line.from, to: line.from + (match?.[0].length ?? 0), insert: next };
  });
  return { changes };
};

/** Inline code for a selection within one line; a fenced block when it spans lines. */
export function toggleCode(placeholder: string): EditorAction {
  return (state) => {
    const range = state.selection.main;
    const first = state.doc.lineAt(range.from);
    const last = state.doc.lineAt(range.to);
    if (first.number === last.number) return toggleInline('`', placeholder)(state);
    return {
      changes: [
        { from: first.from, insert: '```\n' },
        { from: last.to, insert: '\n```' },
      ],
    };
  };
}

/** `[text](url)`: the selection becomes the text (or the URL when it looks like one); the URL part is selected. */
export function insertLink(textPlaceholder: string): EditorAction {
  return (state) =>
    state.changeByRange((range) => {
      const selected = state.sliceDoc(range.from, range.to);
      const isUrl = /^https?:\/\/\S+$/.test(selected);
      const text = isUrl ? textPlaceholder : selected || textPlaceholder;
      const url = isUrl ? selected : 'https://';
      const insert = `[${text}](${url})`;
      const urlStart = range.from + text.length + 3;
      const selection = isUrl
        ? EditorSelection.range(range.from + 1, range.from + 1 + text.length)
        : EditorSelection.range(urlStart, urlStart + url.length);
      return { changes: { from: range.from, to: range.to, insert }, range: selection };
    });
}

/** A 2×2 GFM table on its own paragraph at the cursor, with the first header cell selected. */
export function insertTable(column: string, cell: string): EditorAction {
  return (state) => {
    const at = state.selection.main.head;
    const line = state.doc.lineAt(at);
    const width = Math.max(column.length, cell.length, 3);
    const pad = (text: string) => text.padEnd(width, ' ');
    const table = [
      `| ${pad(column)} | ${pad(column)} |`,
      `| ${'-'.repeat(width)} | ${'-'.repeat(width)} |`,
      `| ${pad(cell)} | ${pad(cell)} |`,
    ].join('\n');
    // Tables need a blank line before them to parse; start one when the cursor's line has text.
    const lead = line.text.trim() === '' ? '' : '\n\n';
    const insertAt = line.text.trim() === '' ? line.from : line.to;
    const start = insertAt + lead.length + 2;
    return {
      changes: { from: insertAt, to: line.text.trim() === '' ? line.to : insertAt, insert: `${lead}${table}\n` },
      selection: EditorSelection.range(start, start + column.length),
    };
  };
}
