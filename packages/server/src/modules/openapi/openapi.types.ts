import type { z } from 'zod';

/** Who may call a route: the same words as the security suite's table (test/protected-routes.ts). */
export type DocAccess =
  | 'public'
  /** Anyone for the public part (e.g. the site settings group), the admin for the rest. */
  | 'public-or-admin'
  | 'admin'
  | 'authenticated'
  | { permission: number }
  | { anyOf: number };

/** A request body: JSON validated by a contract schema, a multipart form, or raw bytes. */
export type DocBody =
  | { json: z.ZodType; multipart?: undefined }
  | { multipart: Record<string, string>; json?: z.ZodType }
  | { raw: string };

/** `data` of the envelope: a contract schema, a list of one, or one of several. */
export type DocData = z.ZodType | { many: DocData } | { anyOf: DocData[] };

export type DocAnswer =
  /** The envelope with `data` (null: `data: null`); `extra`: fields beside `data`, as the original had them. */
  | { data: DocData | null; status?: number; extra?: z.ZodType }
  /** The envelope, its `data` not (yet) described by a contract schema. */
  | { untyped: string; status?: number }
  /** A body that is not an envelope: a file, a text, a stream. */
  | { file: string; status?: number; redirects?: boolean }
  /** An empty answer (e.g. a storage PUT's 200 with its ETag). */
  | { empty: number };

export type DocMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'ALL';

export interface RouteDoc {
  method: DocMethod;
  /** Hono's path (`/api/files/:id`, `/api/p/*`); the document writes `{id}`, `{path}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: DocAccess;
  query?: z.ZodType;
  body?: DocBody;
  answer: DocAnswer;
}

export const ok = (data: DocData | null, status?: number, extra?: z.ZodType): DocAnswer => ({ data, status, extra });
export const many = (data: DocData): DocData => ({ many: data });
export const untyped = (what: string, status?: number): DocAnswer => ({ untyped: what, status });
export const file = (type: string, redirects = false): DocAnswer => ({ file: type, redirects });
export const json = (schema: z.ZodType): DocBody => ({ json: schema });
