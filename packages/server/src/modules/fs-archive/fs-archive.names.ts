/**
 * Names inside the archive. Storage keys may hold anything S3 allows (empty segments, `.` and `..`,
 * backslashes, control characters); an entry name never does: every segment is made safe on its own
 * and segments are joined with `/`, so no name has a `..` segment or a leading `/` and none escapes
 * the folder it is extracted into.
 */
export function safeSegment(name: string): string {
  const cleaned = name.replace(/[\\\p{Cc}]/gu, '_');
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? '_' : cleaned;
}

/**
 * The names taken in one folder of the archive: a second item of the same name (two selected paths
 * with one base name, an S3 object beside a prefix of its name, names that became equal once made
 * safe) gets ` (2)`, ` (3)`, … before its extension.
 */
export function folderNames() {
  const taken = new Set<string>();
  return {
    unique(name: string, isDir: boolean): string {
      const safe = safeSegment(name);
      let candidate = safe;
      const dot = isDir ? -1 : safe.lastIndexOf('.');
      const [base, ext] = dot > 0 ? [safe.slice(0, dot), safe.slice(dot)] : [safe, ''];
      for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
      taken.add(candidate.toLowerCase());
      return candidate;
    },
  };
}
export type FolderNames = ReturnType<typeof folderNames>;

/** The download's file name: the one asked for, else the one item's name, else `download.zip`. */
export function archiveFileName(requested: string | undefined, rootNames: readonly string[]): string {
  const name = requested ?? (rootNames.length === 1 ? rootNames[0]! : 'download');
  return /\.zip$/i.test(name) ? name : `${name}.zip`;
}
