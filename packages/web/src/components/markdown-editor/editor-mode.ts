/** How the editor shows: the text only, text and preview side by side (wide screens), or the preview only. */
export type EditorMode = 'write' | 'split' | 'preview';
