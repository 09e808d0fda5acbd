/**
 * Whether an error means the database cannot be reached right now (down, restarting, refusing
 * connections), as opposed to a fault in a query. Such requests answer 503 at once instead of a 500.
 */
const SYSTEM_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATE: admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own words for a connection lost or never made. */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

export function isDatabaseUnreachable(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const { code, message, syscall } = err as { code?: unknown; message?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    if (SYSTEM_CODES.has(code) && (syscall === 'connect' || syscall === 'read' || syscall === 'write')) return true;
  }
  return typeof message === 'string' && PG_MESSAGES.test(message);
}
