import {
  SHARE_MAX_VIEWS_MAX,
  SHARE_PASSWORD_MAX,
  SHARE_REMARK_MAX,
  SHARE_EXPIRY_OPTIONS,
  StorageSubPath,
  type ShareExpiry,
} from '@driftbox/contract';
import { parseMaxViews, slugError, type ShareFieldError } from '../../../lib/forms/paste-form';
import type { ShareOptions } from '../../../lib/uploader/upload-api';

/** Proxy: downloads stream through Driftbox; direct: they redirect to storage; default: the site setting. */
export type AccessMode = 'default' | 'proxy' | 'direct';

export interface UploadFormValues {
  configId: string;
  slug: string;
  path: string;
  remark: string;
  password: string;
  expiry: ShareExpiry;
  maxViews: string;
  access: AccessMode;
}

export type UploadField = 'configId' | 'slug' | 'path' | 'remark' | 'password' | 'maxViews';

/** Codes translated under `upload.form.errors.*`. */
export type UploadFieldError = ShareFieldError | 'noStorage' | 'pathInvalid';

export type UploadFormErrors = Partial<Record<UploadField, UploadFieldError>>;

export const EXPIRY_CHOICES: readonly ShareExpiry[] = SHARE_EXPIRY_OPTIONS;

/** The presets in hours, as the upload calls take them (0 = never). */
export const EXPIRY_HOURS: Record<ShareExpiry, number> = { hour: 1, day: 24, week: 24 * 7, month: 24 * 30, never: 0 };

export function emptyUploadForm(configId = ''): UploadFormValues {
  return { configId, slug: '', path: '', remark: '', password: '', expiry: 'day', maxViews: '', access: 'default' };
}

export type UploadFormResult = { ok: true; options: ShareOptions } | { ok: false; errors: UploadFormErrors };

/** What is wrong with a custom link suffix as typed (taken is the server's to say), or undefined. */
export function customSlugError(slug: string): UploadFieldError | undefined {
  const error = slugError(slug);
  return error === 'slugTooLong' || error === 'slugInvalid' || error === 'slugReserved' ? error : undefined;
}

/**
 * Checks the options and builds what every upload of the batch sends. A custom link suffix names one
 * share, so it is only used when exactly one file is uploaded (`single`).
 */
export function buildShareOptions(values: UploadFormValues, single: boolean): UploadFormResult {
  const errors: UploadFormErrors = {};
  if (!values.configId) errors.configId = 'noStorage';
  const slug = single ? customSlugError(values.slug) : undefined;
  if (slug) errors.slug = slug;
  const path = StorageSubPath.safeParse(values.path);
  if (!path.success) errors.path = 'pathInvalid';
  if (values.remark.trim().length > SHARE_REMARK_MAX) errors.remark = 'remarkTooLong';
  if (values.password.length > SHARE_PASSWORD_MAX) errors.password = 'passwordTooLong';
  const maxViews = parseMaxViews(values.maxViews, SHARE_MAX_VIEWS_MAX);
  if (maxViews === undefined) errors.maxViews = 'maxViewsInvalid';
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const options: ShareOptions = {
    s3_config_id: values.configId,
    expires_in: EXPIRY_HOURS[values.expiry],
    max_views: maxViews ?? 0,
  };
  if (single && values.slug.trim()) options.slug = values.slug.trim();
  if (path.success && path.data) options.path = path.data;
  if (values.remark.trim()) options.remark = values.remark.trim();
  if (values.password) options.password = values.password;
  if (values.access !== 'default') options.use_proxy = values.access === 'proxy';
  return { ok: true, options };
}
