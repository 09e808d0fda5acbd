import { AppError } from '../lib/errors.js';

/** The AppError code a promise rejects with; null when it resolves, the error itself when it is no AppError. */
export function codeOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => null,
    (err: unknown) => (err instanceof AppError ? err.code : err),
  );
}
