/**
 * Answer checks without zod (issue 30): the pages a visitor opens from a link (a paste, the site settings, the
 * envelope itself) check their answers with these, so zod and the contract's schemas are not in the first page's
 * JavaScript. `Schema<T>` is the part of a zod schema the API client uses (`safeParse`), so zod schemas and these
 * checks are interchangeable. A shape lists every field of its DTO type (`Shape<T>`: the compiler rejects a missing
 * or unknown key), so a field added to the contract cannot be left unchecked; `schema-checks.test.ts` compares them
 * with the contract's schemas.
 */

export type SafeResult<T> = { success: true; data: T } | { success: false };

/** What the API client needs of a schema: zod's `safeParse`. */
export interface Schema<T> {
  safeParse(value: unknown): SafeResult<T>;
}

/** The type a schema (zod's or one of these) checks for. */
export type Checked<S> = S extends { safeParse(value: unknown): infer R }
  ? Extract<R, { success: true }> extends { data: infer T }
    ? T
    : never
  : never;

export type Check = (value: unknown) => boolean;

export const isString: Check = (value) => typeof value === 'string';
export const isNumber: Check = (value) => typeof value === 'number' && Number.isFinite(value);
export const isBoolean: Check = (value) => typeof value === 'boolean';
export const isUnknown: Check = () => true;
export const nullable =
  (check: Check): Check =>
  (value) =>
    value === null || check(value);
export const optional =
  (check: Check): Check =>
  (value) =>
    value === undefined || check(value);
export const literal =
  (expected: string | number | boolean): Check =>
  (value) =>
    value === expected;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One check per field of T, none left out. */
export type Shape<T> = { [K in keyof T]-?: Check };

/** A check of an object with exactly the shape's fields checked (others are passed through, unread). */
export function objectCheck<T>(shape: Shape<T>): Check {
  const entries = Object.entries(shape) as Array<[string, Check]>;
  return (value) => isRecord(value) && entries.every(([key, check]) => check(value[key]));
}

export const arrayCheck =
  (check: Check): Check =>
  (value) =>
    Array.isArray(value) && value.every(check);

/** A `Schema<T>` from a check. */
export function schemaOf<T>(check: Check): Schema<T> {
  return {
    safeParse: (value) => (check(value) ? { success: true, data: value as T } : { success: false }),
  };
}

/** An object's schema: its answer holds only the shape's fields, as zod's `z.object` keeps only its own. */
export function objectSchema<T>(shape: Shape<T>): Schema<T> {
  const check = objectCheck(shape);
  const keys = Object.keys(shape);
  return {
    safeParse: (value) => {
      if (!check(value)) return { success: false };
      const source = value as Record<string, unknown>;
      const data: Record<string, unknown> = {};
      for (const key of keys) if (key in source) data[key] = source[key];
      return { success: true, data: data as T };
    },
  };
}

/** The first of `schemas` that accepts the value (zod's union). */
export function unionSchema<T>(...schemas: Array<Schema<T>>): Schema<T> {
  return {
    safeParse: (value) => {
      for (const schema of schemas) {
        const result = schema.safeParse(value);
        if (result.success) return result;
      }
      return { success: false };
    },
  };
}
