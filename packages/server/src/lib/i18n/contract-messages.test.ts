import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validationMessageZh } from '@driftbox/contract';
import { describe, expect, it } from 'vitest';

/** The contract's sources, read as text: the messages its schemas hand to zod. */
const SRC = new URL('../../../../contract/src/', import.meta.url).pathname;

function sources(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
      ? [{ file: path.slice(SRC.length), text: readFileSync(path, 'utf8') }]
      : [];
  });
}

/** The custom messages the schemas give zod: `message:`/`error:` values and the last argument of a check. */
const MESSAGE_PATTERNS = [
  /\b(?:message|error): '([^']+)'/g,
  /\.(?:regex|refine|min|max|length|int)\(.*?'([A-Z][^']*)'\)/g,
];

describe('validation messages', () => {
  it('every custom message of the contract has its Chinese wording', () => {
    const missing: string[] = [];
    for (const { file, text } of sources(SRC)) {
      // Comments quote messages and fields; only code counts.
      const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
      for (const pattern of MESSAGE_PATTERNS) {
        for (const [, message] of code.matchAll(pattern))
          if (validationMessageZh(message!) === message) missing.push(`${file}: ${message}`);
      }
      // A message built at run time could never match the table: it needs a builder in validation-messages.ts.
      for (const [, template] of code.matchAll(/\bmessage: `([^`]*)`/g)) missing.push(`${file}: \`${template}\``);
    }
    expect(missing).toEqual([]);
  });
});
