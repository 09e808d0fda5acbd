import type { FsEntryRef } from '../lib/fs-entry';

export interface ExplorerToolbarExtrasProps {
  currentPath: string;
  /** The mount the current folder is in (its root path), null at the root and between mounts. */
  mountPath: string | null;
  selection: FsEntryRef[];
}

/**
 * The toolbar's slot for the other explorer features (task manager, basket, search, upload): the app
 * wires them in here. Empty until then.
 */
export function ExplorerToolbarExtras(props: ExplorerToolbarExtrasProps) {
  void props;
  return null;
}
