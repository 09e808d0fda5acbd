import { z } from 'zod';

/** Every timestamp on the wire and in the database: ISO 8601 UTC with milliseconds. */
export const Timestamp = z.string().datetime({ offset: false });
export type Timestamp = z.infer<typeof Timestamp>;

/**
 * A point in time a client sends: ISO 8601 with an offset, or the `YYYY-MM-DD HH:MM:SS` the original
 * stored and handed out (read as UTC), passed on as ISO 8601.
 */
export const DateTimeInput = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const text = v.trim();
    return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,3})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  },
  z.string().datetime({ offset: true }),
);

/**
 * `0`/`1`, `true`/`false`, also as strings (`"1"`, `"true"`: the original's clients send both), accepted
 * as a 0/1 integer (the original stores booleans as integers).
 */
export const IntFlag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['true', 'false', '0', '1'])])
  .transform((v) => (v === true || v === 1 || v === 'true' || v === '1' ? 1 : 0));

/**
 * `schema`, also accepting its number written as a string (`"10"`): form posts and the original's
 * clients send numbers that way. Anything else is left for `schema` to refuse.
 */
export function numberOrNumeric<S extends z.ZodType>(schema: S) {
  return z.preprocess((v) => (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v), schema);
}

/**
 * `schema`, where null counts as not given: clients of the original send null for an option left unset
 * (`custom_key: null`, `total_storage_bytes: null`, a source's unknown `size`).
 */
export function nullAsAbsent<S extends z.ZodType>(schema: S) {
  return schema.nullish().transform((v): z.output<S> | undefined => (v === null ? undefined : v));
}

/** `schema` where absent and null both take `fallback` (a create body's default). */
export function nullOrDefault<S extends z.ZodType>(schema: S, fallback: z.output<S>) {
  return schema.nullish().transform((v): z.output<S> => (v === null || v === undefined ? fallback : v));
}
