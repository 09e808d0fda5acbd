import { isApiError } from '../api/api-error';

/**
 * Where a problem is reported: a zod issue (`path` as segments) or a server `details` entry (`path` as
 * a dotted string). Only the first segment counts: forms show one error per top-level field.
 */
export interface PathIssue {
  readonly path: string | readonly PropertyKey[];
}

/** Top-level wire field → the form field that shows its problems and the error code shown there. */
export type FieldErrorTable<F extends string, E extends string> = Readonly<Record<string, readonly [F, E]>>;

/** The top-level field an issue is about ('' for a problem with the whole body). */
export function topLevelField(issue: PathIssue): string {
  const first = typeof issue.path === 'string' ? issue.path.split('.')[0] : issue.path[0];
  return String(first ?? '');
}

/**
 * The first error of each field the table knows (STYLE §26: the contract's schema and the server's
 * `details` land on the same fields). Issues about fields the form does not show are left out; the
 * caller shows those above the buttons.
 */
export function fieldErrorsFrom<F extends string, E extends string>(
  issues: readonly PathIssue[],
  table: FieldErrorTable<F, E>,
): Partial<Record<F, E>> {
  const errors: Partial<Record<F, E>> = {};
  for (const issue of issues) {
    const key = topLevelField(issue);
    const mapped = Object.hasOwn(table, key) ? table[key] : undefined;
    if (mapped && !errors[mapped[0]]) errors[mapped[0]] = mapped[1];
  }
  return errors;
}

/** The server's field `details` of a failed request (none for any other failure). */
export function serverDetails(error: unknown): readonly PathIssue[] {
  return isApiError(error) ? error.details : [];
}

/** A table for forms whose fields carry the wire names (API keys, storage): each field keeps its own problems. */
export function sameNameTable<F extends string, E extends string>(
  codes: Readonly<Record<F, E>>,
): FieldErrorTable<F, E> {
  return Object.fromEntries(Object.entries<E>(codes).map(([field, code]) => [field, [field as F, code] as const]));
}

/** What a form's body builder returns: the body to send, or the errors to show on its fields. */
export type FormResult<B, Errors> = { ok: true; body: B } | { ok: false; errors: Errors };

/** What a mutation takes as its second argument. */
export interface SubmitHandlers<R> {
  onSuccess: (answer: R) => void;
  onError: (error: unknown) => void;
}

/**
 * The submit step of a create-or-edit form: the form's own check first (its error codes shown at their
 * fields through `show`, which gets null when there are none), then the one request with `handlers`.
 */
export function submitChecked<B, E, R>(
  result: FormResult<B, E>,
  show: (errors: E | null) => void,
  send: (body: B, handlers: SubmitHandlers<R>) => void,
  handlers: SubmitHandlers<R>,
): void {
  if (!result.ok) return show(result.errors);
  show(null);
  send(result.body, handlers);
}
