import { redo, undo } from '@codemirror/commands';
import type { EditorView } from '@codemirror/view';
import {
  Bold,
  Code,
  Heading,
  Italic,
  Link,
  List,
  ListOrdered,
  ListTodo,
  Quote,
  Redo2,
  Table,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
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

type Run = (view: EditorView) => void;

/** Applies a pure toolbar action to the live editor and gives focus back to it. */
export function runAction(action: EditorAction): Run {
  return (view) => {
    view.dispatch(view.state.update(action(view.state), { scrollIntoView: true, userEvent: 'input' }));
    view.focus();
  };
}

interface ToolbarItem {
  id: string;
  icon: LucideIcon;
  label: string;
  shortcut?: string;
  run: Run;
}

/** Builds the toolbar with translated labels and placeholders. */
export function useToolbarItems(): ToolbarItem[][] {
  const { t } = useTranslation();
  const mod = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';
  const history =
    (command: typeof undo): Run =>
    (view) => {
      command(view);
      view.focus();
    };
  return [
    [
      {
        id: 'bold',
        icon: Bold,
        label: t('paste.editor.toolbar.bold'),
        shortcut: `${mod}B`,
        run: runAction(toggleInline('**', t('paste.editor.snippets.bold'))),
      },
      {
        id: 'italic',
        icon: Italic,
        label: t('paste.editor.toolbar.italic'),
        shortcut: `${mod}I`,
        run: runAction(toggleInline('_', t('paste.editor.snippets.italic'))),
      },
      { id: 'heading', icon: Heading, label: t('paste.editor.toolbar.heading'), run: runAction(cycleHeading) },
    ],
    [
      {
        id: 'quote',
        icon: Quote,
        label: t('paste.editor.toolbar.quote'),
        run: runAction(toggleLinePrefix(LINE_PREFIXES.quote)),
      },
      {
        id: 'code',
        icon: Code,
        label: t('paste.editor.toolbar.code'),
        run: runAction(toggleCode(t('paste.editor.snippets.code'))),
      },
      {
        id: 'link',
        icon: Link,
        label: t('paste.editor.toolbar.link'),
        shortcut: `${mod}K`,
        run: runAction(insertLink(t('paste.editor.snippets.link'))),
      },
    ],
    [
      {
        id: 'bullet',
        icon: List,
        label: t('paste.editor.toolbar.bulletList'),
        run: runAction(toggleLinePrefix(LINE_PREFIXES.bullet)),
      },
      {
        id: 'ordered',
        icon: ListOrdered,
        label: t('paste.editor.toolbar.orderedList'),
        run: runAction(toggleLinePrefix(LINE_PREFIXES.ordered)),
      },
      {
        id: 'task',
        icon: ListTodo,
        label: t('paste.editor.toolbar.taskList'),
        run: runAction(toggleLinePrefix(LINE_PREFIXES.task)),
      },
      {
        id: 'table',
        icon: Table,
        label: t('paste.editor.toolbar.table'),
        run: runAction(insertTable(t('paste.editor.snippets.column'), t('paste.editor.snippets.cell'))),
      },
    ],
    [
      { id: 'undo', icon: Undo2, label: t('paste.editor.toolbar.undo'), shortcut: `${mod}Z`, run: history(undo) },
      { id: 'redo', icon: Redo2, label: t('paste.editor.toolbar.redo'), shortcut: `${mod}Y`, run: history(redo) },
    ],
  ];
}

/** Formatting buttons; each names itself for screen readers and shows its shortcut on hover. */
export function EditorToolbar({ view, disabled }: { view: EditorView | null; disabled: boolean }) {
  const { t } = useTranslation();
  const groups = useToolbarItems();
  return (
    // Wraps its groups onto a second row when narrow (phones): a sideways-scrolling row hid the last
    // buttons with no sign that there were more.
    <div
      role="group"
      aria-label={t('paste.editor.toolbar.label')}
      className="flex flex-wrap items-center gap-x-0.5 gap-y-1"
    >
      {groups.map((group, index) => (
        <div
          key={index}
          className="flex items-center gap-0.5 not-last:border-r not-last:border-line not-last:pr-1 not-first:pl-0.5"
        >
          {group.map((item) => (
            <Button
              key={item.id}
              variant="ghost"
              size="icon-sm"
              aria-label={item.label}
              title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
              disabled={disabled || !view}
              onClick={() => view && item.run(view)}
              // Keep the editor's selection: a mouse press on the button must not blur the editor first.
              onMouseDown={(event) => event.preventDefault()}
            >
              <item.icon />
            </Button>
          ))}
        </div>
      ))}
    </div>
  );
}
