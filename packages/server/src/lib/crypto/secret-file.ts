import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { secretWeakness } from '../../config.js';

export const SECRET_FILE = 'secret.key';

/**
 * Returns the master secret from `DATA_DIR/secret.key`, creating it (32 random bytes, hex, mode 0600)
 * on first run. The `wx` flag makes two instances starting at once agree on one file.
 */
export function loadOrCreateSecret(dataDir: string): { secret: string; created: boolean } {
  const file = path.join(dataDir, SECRET_FILE);
  try {
    writeFileSync(file, randomBytes(32).toString('hex') + '\n', { flag: 'wx', mode: 0o600 });
    return { secret: readSecret(file), created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { secret: readSecret(file), created: false };
  }
}

function readSecret(file: string): string {
  const secret = readFileSync(file, 'utf8').trim();
  const weakness = secretWeakness(secret);
  if (weakness)
    throw new Error(
      `${file} ${weakness}; replace it with a strong secret (values encrypted with the old one become unreadable)`,
    );
  return secret;
}
