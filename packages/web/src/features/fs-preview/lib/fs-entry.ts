/** One file or folder of a mount listing, as the explorer hands it to the preview (copied from the explorer's type). */
export type FsEntryRef = {
  path: string;
  name: string;
  isDirectory: boolean;
  size: number | null;
  modified: string | null;
  mimetype?: string | null;
};
