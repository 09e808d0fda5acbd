import { execFileSync } from 'node:child_process';

/** What Python's zipfile reads of one entry of an archive. */
export interface ReadEntry {
  name: string;
  size: number;
  isDir: boolean;
  flags: number;
  /** The central record's extra field, hex. */
  extra: string;
  /** The entry's bytes as UTF-8 text (the tests' files are small text). */
  text: string;
}

const READER = `
import json, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    out = [{"name": i.filename, "size": i.file_size, "isDir": i.is_dir(), "flags": i.flag_bits,
            "extra": i.extra.hex(), "text": "" if i.is_dir() else z.read(i).decode("utf-8", "replace")}
           for i in z.infolist()]
print(json.dumps(out))
`;

/**
 * Checks an archive with the real tools — Info-ZIP `unzip -t` and `python3 -m zipfile -t` (both verify
 * every CRC) — and returns what Python reads from it. Throws when either tool finds a fault.
 */
export function checkZip(file: string, options: { unzip?: boolean } = {}): ReadEntry[] {
  // unzip exits 1 on an empty archive ("zipfile is empty"): such a test asks Python only.
  if (options.unzip !== false) {
    const unzip = execFileSync('unzip', ['-t', file], { encoding: 'utf8' });
    if (!/No errors detected/.test(unzip)) throw new Error(`unzip -t: ${unzip}`);
  }
  const python = execFileSync('python3', ['-m', 'zipfile', '-t', file], { encoding: 'utf8' });
  if (/corrupted/.test(python) || !/Done testing/.test(python)) throw new Error(`zipfile -t: ${python}`);
  return JSON.parse(execFileSync('python3', ['-c', READER, file], { encoding: 'utf8' })) as ReadEntry[];
}
