import { createContext, useContext, type ComponentType } from 'react';
import type { FsEntryRef } from '../lib/fs-entry';

export interface ExplorerToolbarExtrasProps {
  currentPath: string;
  /** The mount the current folder is in (its root path), null at the root and between mounts. */
  mountPath: string | null;
  selection: FsEntryRef[];
}

/**
 * The toolbar's slot for the other explorer features (search, uploads, basket, task manager): features
 * never import each other, so the app provides them here (`app/mount-explorer-shell.tsx`).
 */
export const ExplorerToolbarSlot = createContext<ComponentType<ExplorerToolbarExtrasProps> | null>(null);

export function ExplorerToolbarExtras(props: ExplorerToolbarExtrasProps) {
  const Extras = useContext(ExplorerToolbarSlot);
  return Extras ? <Extras {...props} /> : null;
}
