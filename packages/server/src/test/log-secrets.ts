import type { LogEntry, Logger } from '../lib/logger.js';

/**
 * The log check of every harness: what the route suites log (at debug level, every line) must not hold a
 * secret the test used. `close()` runs it, so each route test fails when a line of its own leaks one.
 */
export function secretsLogged(entries: LogEntry[], secrets: Record<string, string>): string[] {
  const lines = entries.map((e) => `${e.message} ${JSON.stringify(e.fields)}`);
  return Object.entries(secrets)
    .filter(([, secret]) => secret.length >= 8 && lines.some((line) => line.includes(secret)))
    .map(([name]) => name);
}

/** Throws naming (never quoting) each secret found in the entries. */
export function assertNoSecretsLogged(entries: LogEntry[], secrets: Record<string, string>): void {
  const leaked = secretsLogged(entries, secrets);
  if (leaked.length > 0) throw new Error(`A log line holds a secret: ${leaked.join(', ')}`);
}

/** A logger writing to both (the harness's memory and a test's own sink). */
export function teeLogger(a: Logger, b: Logger | undefined): Logger {
  if (!b) return a;
  return {
    debug: (m, f) => (a.debug(m, f), b.debug(m, f)),
    info: (m, f) => (a.info(m, f), b.info(m, f)),
    warn: (m, f) => (a.warn(m, f), b.warn(m, f)),
    error: (m, f) => (a.error(m, f), b.error(m, f)),
  };
}
