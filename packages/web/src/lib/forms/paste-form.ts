import {
  CONTENT_LIMIT_BYTES,
  SHARE_MAX_VIEWS_MAX,
  SHARE_PASSWORD_MAX,
  SHARE_REMARK_MAX,
  PasteCreateBody,
  PasteUpdateBody,
  SHARE_EXPIRY_OPTIONS,
  SLUG_MAX,
  SLUG_PATTERN,
  isReservedSlug,
  utf8ByteLength,
  type PasteDetailDto,
  type ShareExpiry,
} from '@driftbox/contract';
import { isApiError } from '../api/api-error';
import { fieldErrorsFrom, type FieldErrorTable, type FormResult } from './field-errors';

/** The paste fields a form edits; `expiry: 'keep'` only when editing. */
export interface PasteFormValues {
  content: string;
  slug: string;
  remark: string;
  password: string;
  clearPassword: boolean;
  expiry: ShareExpiry | 'keep';
  maxViews: string;
}

export type PasteField = 'content' | 'slug' | 'remark' | 'password' | 'expiry' | 'maxViews';

/**
 * Errors of the options pastes and file shares both have (custom link, remark, password, view limit):
 * the same codes, translated under each form's own `*.form.errors.*`.
 */
export type ShareFieldError =
  | 'slugTooLong'
  | 'slugInvalid'
  | 'slugReserved'
  | 'slugTaken'
  | 'remarkTooLong'
  | 'passwordTooLong'
  | 'maxViewsInvalid';

/** Error codes, translated under `paste.form.errors.*`. */
export type PasteFieldError =
  ShareFieldError | 'contentEmpty' | 'contentTooLarge' | 'tooLargeForServer' | 'contentInvalid' | 'expiryInvalid';

export type PasteFormErrors = Partial<Record<PasteField, PasteFieldError>>;

export const EXPIRY_CHOICES: readonly ShareExpiry[] = SHARE_EXPIRY_OPTIONS;
export const DEFAULT_EXPIRY: ShareExpiry = 'day';

export function emptyPasteForm(content = ''): PasteFormValues {
  return { content, slug: '', remark: '', password: '', clearPassword: false, expiry: DEFAULT_EXPIRY, maxViews: '' };
}

/** Editing starts from the stored paste; expiry is kept unless another is picked. */
export function pasteFormFromDetail(paste: PasteDetailDto): PasteFormValues {
  return {
    content: paste.content,
    slug: paste.slug,
    remark: paste.remark ?? '',
    password: '',
    clearPassword: false,
    expiry: 'keep',
    maxViews: paste.max_views > 0 ? String(paste.max_views) : '',
  };
}

/** Spec §5 content rules: not blank, at most 10 MB of UTF-8 (the server counts bytes, so do we). */
export function contentError(content: string): PasteFieldError | undefined {
  if (!/\S/.test(content)) return 'contentEmpty';
  if (utf8ByteLength(content) > CONTENT_LIMIT_BYTES) return 'contentTooLarge';
  return undefined;
}

/** The contract's slug rules (letters, digits, - and _, at most 50, not reserved); '' is allowed (random). */
export function slugError(slug: string): PasteFieldError | undefined {
  const value = slug.trim();
  if (value === '') return undefined;
  if (value.length > SLUG_MAX) return 'slugTooLong';
  if (!SLUG_PATTERN.test(value)) return 'slugInvalid';
  if (isReservedSlug(value)) return 'slugReserved';
  return undefined;
}

/** Max views: empty or a whole number from 0 (0 = unlimited) to `max` (pastes' limit unless told). */
export function parseMaxViews(raw: string, max = SHARE_MAX_VIEWS_MAX): number | undefined {
  const value = raw.trim();
  if (value === '') return 0;
  if (!/^\d+$/.test(value)) return undefined;
  const views = Number(value);
  return views <= max ? views : undefined;
}

function checkFields(values: PasteFormValues): PasteFormErrors {
  const errors: PasteFormErrors = {};
  const content = contentError(values.content);
  if (content) errors.content = content;
  const slug = slugError(values.slug);
  if (slug) errors.slug = slug;
  if (values.remark.trim().length > SHARE_REMARK_MAX) errors.remark = 'remarkTooLong';
  if (values.password.length > SHARE_PASSWORD_MAX) errors.password = 'passwordTooLong';
  if (parseMaxViews(values.maxViews) === undefined) errors.maxViews = 'maxViewsInvalid';
  return errors;
}

export type PasteFormResult<B> = FormResult<B, PasteFormErrors>;

/** The create body, validated here and again by the contract's schema (STYLE §26). */
export function buildCreateBody(values: PasteFormValues): PasteFormResult<PasteCreateBody> {
  const errors = checkFields(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: PasteCreateBody = {
    content: values.content,
    expiry: values.expiry === 'keep' ? DEFAULT_EXPIRY : values.expiry,
    maxViews: parseMaxViews(values.maxViews) ?? 0,
  };
  if (values.slug.trim()) body.slug = values.slug.trim();
  if (values.remark.trim()) body.remark = values.remark.trim();
  if (values.password) body.password = values.password;
  const parsed = PasteCreateBody.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues, PATH_FIELDS) };
  return { ok: true, body };
}

/** The update body: only what changed, so an untouched expiry or view limit is left as it is. */
export function buildUpdateBody(values: PasteFormValues, original: PasteDetailDto): PasteFormResult<PasteUpdateBody> {
  const errors = checkFields(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: PasteUpdateBody = {};
  if (values.content !== original.content) body.content = values.content;
  if (values.remark.trim() !== (original.remark ?? '')) body.remark = values.remark.trim();
  if (values.expiry !== 'keep') body.expiry = values.expiry;
  const maxViews = parseMaxViews(values.maxViews) ?? 0;
  if (maxViews !== original.max_views) body.maxViews = maxViews;
  if (values.password) body.password = values.password;
  else if (values.clearPassword && original.has_password) body.clearPassword = true;
  if (values.slug.trim() !== original.slug) body.newSlug = values.slug.trim();
  // Nothing changed is not an error: the caller simply closes the form.
  if (isEmptyUpdate(body)) return { ok: true, body };
  const parsed = PasteUpdateBody.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues, PATH_FIELDS) };
  return { ok: true, body };
}

/** True when the update body would change nothing (the server would answer "nothing to update"). */
export function isEmptyUpdate(body: PasteUpdateBody): boolean {
  return Object.keys(body).length === 0;
}

/** Where the schema's and the server's complaints land (wire field → form field and its error). */
const PATH_FIELDS: FieldErrorTable<PasteField, PasteFieldError> = {
  content: ['content', 'contentInvalid'],
  slug: ['slug', 'slugInvalid'],
  newSlug: ['slug', 'slugInvalid'],
  remark: ['remark', 'remarkTooLong'],
  password: ['password', 'passwordTooLong'],
  expiry: ['expiry', 'expiryInvalid'],
  expiresAt: ['expiry', 'expiryInvalid'],
  maxViews: ['maxViews', 'maxViewsInvalid'],
};

/**
 * Server answers that belong to a field (STYLE §26): a taken slug, content the server finds too large
 * (413), and validation details. Anything else is a form-level error.
 */
export function fieldErrorsFromApi(error: unknown): PasteFormErrors {
  if (!isApiError(error)) return {};
  if (error.code === 'SLUG_TAKEN' || (error.status === 409 && error.code === 'CONFLICT')) return { slug: 'slugTaken' };
  if (error.status === 413) return { content: 'tooLargeForServer' };
  if (error.code !== 'VALIDATION_FAILED') return {};
  return fieldErrorsFrom(error.details, PATH_FIELDS);
}

/** Spec §8 share-creation messages for failures that belong to no field; translated under `paste.errors.*`. */
export type PasteSaveError = 'loginRequired' | 'noPermission' | 'serverNotResponding' | 'saveFailed';

export function saveErrorOf(error: unknown): PasteSaveError {
  if (!isApiError(error)) return 'saveFailed';
  if (error.status === 401) return 'loginRequired';
  if (error.status === 403) return 'noPermission';
  if (
    error.code === 'TIMEOUT' ||
    error.code === 'NETWORK' ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  ) {
    return 'serverNotResponding';
  }
  return 'saveFailed';
}
