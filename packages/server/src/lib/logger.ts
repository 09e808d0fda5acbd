import { redactFields, redactText } from './log-redact.js';

/** Log levels in increasing severity; `silent` drops everything. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
/** `json`: one JSON object per line (pino); `text`: `<time> <LEVEL> <message> k=v…` for a person at a terminal. */
export const LOG_FORMATS = ['json', 'text'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** Minimal structured logger: one line per call with its fields (key=value in text, properties in JSON). */
export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

export interface LogEntry {
  level: Exclude<LogLevel, 'silent'>;
  message: string;
  fields: LogFields;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

function formatFields(fields: LogFields): string {
  return Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => {
      const text = String(v);
      // Quote values with spaces or newlines (stacks) so one entry stays machine-splittable.
      return /[\s"=]/.test(text) ? `${k}=${JSON.stringify(text)}` : `${k}=${text}`;
    })
    .join(' ');
}

/**
 * Every logger is built here, so every line passes the redaction layer (`log-redact.ts`) before its
 * sink: no password, token, credential or signed-link signature reaches a log, whatever a caller passes.
 */
export function build(minLevel: LogLevel, sink: (entry: LogEntry) => void): Logger {
  const emit =
    (level: LogEntry['level']) =>
    (message: string, fields: LogFields = {}) => {
      if (RANK[level] < RANK[minLevel]) return;
      sink({ level, message: redactText(message), fields: redactFields(fields) });
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

/** Logger writing `<iso time> <LEVEL> <message> k=v…` lines to stdout (errors to stderr). */
export function consoleLogger(minLevel: LogLevel, now: () => Date = () => new Date()): Logger {
  return build(minLevel, ({ level, message, fields }) => {
    const extra = formatFields(fields);
    const line = `${now().toISOString()} ${level.toUpperCase()} ${message}${extra ? ' ' + extra : ''}\n`;
    (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line);
  });
}

/** Logger that keeps entries in memory, for tests that assert what was logged. */
export function memoryLogger(minLevel: LogLevel = 'debug'): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return Object.assign(
    build(minLevel, (e) => entries.push(e)),
    { entries },
  );
}
