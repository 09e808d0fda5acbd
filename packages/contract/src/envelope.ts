import { z } from 'zod';
import type { ErrorCode } from './errors.js';

/** A successful response: `{ code, message, data, success: true }`. */
export interface Ok<T> {
  code: number;
  message: string;
  data: T;
  success: true;
}

/** One validation problem, with the field path it belongs to. */
export const ErrorDetail = z.object({ path: z.string(), message: z.string() });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** A failed response: the same envelope plus a machine code, optional field details and the request id. */
export interface Fail {
  code: number;
  message: string;
  data: null;
  success: false;
  error: ErrorCode;
  details?: ErrorDetail[];
  requestId?: string;
}

export type Envelope<T> = Ok<T> | Fail;
