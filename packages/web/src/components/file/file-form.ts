import {
  SHARE_MAX_VIEWS_MAX,
  SHARE_PASSWORD_MAX,
  SHARE_REMARK_MAX,
  FileUpdateBody,
  SLUG_MAX,
  SLUG_PATTERN,
  isReservedSlug,
  type FileDto,
} from '@driftbox/contract';
import { isApiError } from '../../lib/api/api-error';

/** Expiry choices of the edit form, in hours from now (0 = never), or keep the current one. */
export const FILE_EXPIRY_HOURS = { hour: 1, day: 24, week: 168, month: 720, never: 0 } as const;
export type FileExpiryChoice = keyof typeof FILE_EXPIRY_HOURS | 'keep';

export interface FileFormValues {
  remark: string;
  slug: string;
  expiry: FileExpiryChoice;
  maxViews: string;
  password: string;
  clearPassword: boolean;
  useProxy: boolean;
}

export type FileField = 'remark' | 'slug' | 'expiry' | 'maxViews' | 'password';
/** Error codes per field, translated under `files.edit.errors.*`. */
export type FileFieldError =
  | 'remarkTooLong'
  | 'slugRequired'
  | 'slugTooLong'
  | 'slugInvalid'
  | 'slugReserved'
  | 'slugTaken'
  | 'maxViewsInvalid'
  | 'passwordTooLong'
  | 'expiryInvalid'
  | 'invalid';
export type FileFormErrors = Partial<Record<FileField, FileFieldError>>;

export function fileFormFrom(file: FileDto): FileFormValues {
  return {
    remark: file.remark ?? '',
    slug: file.slug,
    expiry: 'keep',
    maxViews: file.max_views > 0 ? String(file.max_views) : '',
    password: '',
    clearPassword: false,
    useProxy: file.use_proxy === 1,
  };
}

function checkFields(values: FileFormValues): FileFormErrors {
  const errors: FileFormErrors = {};
  const slug = values.slug.trim();
  if (!slug) errors.slug = 'slugRequired';
  else if (slug.length > SLUG_MAX) errors.slug = 'slugTooLong';
  else if (!SLUG_PATTERN.test(slug)) errors.slug = 'slugInvalid';
  else if (isReservedSlug(slug)) errors.slug = 'slugReserved';
  if (values.remark.trim().length > SHARE_REMARK_MAX) errors.remark = 'remarkTooLong';
  if (values.password.length > SHARE_PASSWORD_MAX) errors.password = 'passwordTooLong';
  const views = values.maxViews.trim();
  if (views && (!/^\d+$/.test(views) || Number(views) > SHARE_MAX_VIEWS_MAX)) errors.maxViews = 'maxViewsInvalid';
  return errors;
}

/** Only what changed, checked here and by the contract's schema (STYLE §26); an empty body means nothing to save. */
export function buildFileUpdate(
  values: FileFormValues,
  file: FileDto,
): { ok: true; body: FileUpdateBody } | { ok: false; errors: FileFormErrors } {
  const errors = checkFields(values);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const body: FileUpdateBody = {};
  const remark = values.remark.trim();
  if (remark !== (file.remark ?? '')) body.remark = remark;
  if (values.slug.trim() !== file.slug) body.slug = values.slug.trim();
  if (values.expiry !== 'keep') body.expires_in = FILE_EXPIRY_HOURS[values.expiry];
  const maxViews = values.maxViews.trim() ? Number(values.maxViews.trim()) : 0;
  if (maxViews !== file.max_views) body.max_views = maxViews;
  if (values.clearPassword) body.clear_password = true;
  else if (values.password) body.password = values.password;
  if (values.useProxy !== (file.use_proxy === 1)) body.use_proxy = values.useProxy;
  const parsed = FileUpdateBody.safeParse(body);
  if (Object.keys(body).length > 0 && !parsed.success) return { ok: false, errors: { slug: 'invalid' } };
  return { ok: true, body };
}

const FIELD_OF: Record<string, FileField> = {
  remark: 'remark',
  slug: 'slug',
  expires_in: 'expiry',
  expires_at: 'expiry',
  max_views: 'maxViews',
  password: 'password',
};

/** The server's field errors (validation details, a taken slug) on the form's fields. */
export function fileErrorsFromApi(error: unknown): {
  errors: FileFormErrors;
  messages: Partial<Record<FileField, string>>;
} {
  if (!isApiError(error)) return { errors: {}, messages: {} };
  if (error.code === 'SLUG_TAKEN' || error.status === 409) return { errors: { slug: 'slugTaken' }, messages: {} };
  if (error.code !== 'VALIDATION_FAILED') return { errors: {}, messages: {} };
  const messages: Partial<Record<FileField, string>> = {};
  for (const detail of error.details) {
    const field = FIELD_OF[detail.path.split('.')[0] ?? ''];
    if (field && !messages[field]) messages[field] = detail.message;
  }
  return { errors: {}, messages };
}
