// The package ships no typings; this is its whole public surface.
declare module 'markdown-it-task-lists' {
  import type MarkdownIt from 'markdown-it';

  interface TaskListsOptions {
    /** Checkboxes are disabled unless enabled. */
    enabled?: boolean;
    /** Wrap the item text in a <label>. */
    label?: boolean;
    labelAfter?: boolean;
  }

  export default function taskLists(md: MarkdownIt, options?: TaskListsOptions): void;
}
