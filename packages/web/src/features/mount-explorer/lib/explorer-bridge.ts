import type { FsEntryRef } from './fs-entry';

/**
 * Where the explorer hands work to the preview and upload features (features never import each other:
 * the app wires them in). Until then both are no-ops.
 */
export interface ExplorerBridge {
  /** Shows `entry` in the preview, with `siblings` (the folder's files) for next/previous. */
  openPreview(entry: FsEntryRef, siblings: FsEntryRef[]): void;
  /** Uploads `files` (dropped, picked or pasted) into the folder `currentPath`. */
  startUpload(currentPath: string, files: File[]): void;
  /** Puts `entries` (files and folders) into the file basket. */
  addToBasket(entries: readonly FsEntryRef[]): void;
}

const NO_OP: ExplorerBridge = {
  openPreview: () => undefined,
  startUpload: () => undefined,
  addToBasket: () => undefined,
};

let bridge: ExplorerBridge = NO_OP;

/** The app (or a test) installs the real handlers; returns a function restoring the previous ones. */
export function setExplorerBridge(next: Partial<ExplorerBridge>): () => void {
  const previous = bridge;
  bridge = { ...bridge, ...next };
  return () => {
    bridge = previous;
  };
}

/** Opens the preview of `entry` (no-op until wired). */
export function openPreview(entry: FsEntryRef, siblings: FsEntryRef[]): void {
  bridge.openPreview(entry, siblings);
}

/** Starts an upload into `currentPath` (no-op until wired). */
export function startUpload(currentPath: string, files: File[]): void {
  bridge.startUpload(currentPath, files);
}

/** Puts `entries` into the file basket (no-op until wired). */
export function addToBasket(entries: readonly FsEntryRef[]): void {
  bridge.addToBasket(entries);
}

/** The bridge as a hook, for components. */
export function useExplorerBridge(): ExplorerBridge {
  return { openPreview, startUpload, addToBasket };
}
