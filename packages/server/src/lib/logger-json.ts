import pino, { type DestinationStream } from 'pino';
import { build, type Logger, type LogLevel } from './logger.js';

/**
 * Logger writing one JSON object per line (pino): `{"level":"info","time":"…","pid":…,"hostname":"…",
 * "msg":"…", …fields}`. Lines go to stdout synchronously, so none is lost when the process exits.
 * Redaction happens before pino sees a line (`build`).
 */
export function jsonLogger(minLevel: LogLevel, destination?: DestinationStream): Logger {
  const out = pino(
    {
      level: minLevel,
      messageKey: 'msg',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
  return build(minLevel, ({ level, message, fields }) => out[level](fields, message));
}
