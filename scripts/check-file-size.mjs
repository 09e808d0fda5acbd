// `npm run lint`: no source file over 300 lines (design STYLE §29). A long file is split by sub-resource
// or sub-job before it reaches the limit; tests included, since a 600-line test file hides what it covers.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx|mjs|js|css)$/;

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE.test(file));
const tooLong = files
  .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES})`);
if (tooLong.length > 0) process.exit(1);
console.log(`${files.length} source files, none over ${MAX_LINES} lines`);
