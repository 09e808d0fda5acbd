/** The one source of "now" (STYLE §10): injected so expiry tests are exact. */
export interface Clock {
  now(): Date;
}

/** The real wall clock. */
export function systemClock(): Clock {
  return { now: () => new Date() };
}

/** Formats an instant the one way timestamps are stored and sent: ISO 8601 UTC with milliseconds. */
export function iso(date: Date): string {
  return date.toISOString();
}

/** `date` moved by `ms` milliseconds (negative moves back). */
export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}
