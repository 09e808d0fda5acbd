import {
  MOUNT_CACHE_TTL_DEFAULT,
  MountCreateBody,
  MountUpdateBody,
  type MountDto,
  type WebdavPolicy,
} from '@driftbox/contract';
import { fieldErrorsFrom, sameNameTable, type FormResult } from '../../../lib/forms/field-errors';

/** What the mount form holds: text as typed, flags as booleans. */
export interface MountFormValues {
  name: string;
  mountPath: string;
  storageConfigId: string;
  remark: string;
  sortOrder: string;
  cacheTtl: string;
  isActive: boolean;
  webProxy: boolean;
  webdavPolicy: WebdavPolicy;
  enableSign: boolean;
  /** Empty: the global `proxy_sign_expires`. */
  signExpires: string;
}

/** Fields that can carry an error: the wire names, so server `details` land on them as they are. */
export type MountFormField =
  'name' | 'mount_path' | 'storage_config_id' | 'remark' | 'sort_order' | 'cache_ttl' | 'sign_expires' | 'storage_type';

/** Error codes translated under `mounts.form.errors.*`. */
export type MountFieldError =
  | 'nameInvalid'
  | 'pathInvalid'
  | 'configRequired'
  | 'remarkInvalid'
  | 'sortOrderInvalid'
  | 'cacheTtlInvalid'
  | 'signExpiresInvalid'
  | 'typeMismatch';

export type MountFormErrors = Partial<Record<MountFormField, MountFieldError>>;

export const MOUNT_FIELD_ERRORS = sameNameTable<MountFormField, MountFieldError>({
  name: 'nameInvalid',
  mount_path: 'pathInvalid',
  storage_config_id: 'configRequired',
  remark: 'remarkInvalid',
  sort_order: 'sortOrderInvalid',
  cache_ttl: 'cacheTtlInvalid',
  sign_expires: 'signExpiresInvalid',
  storage_type: 'typeMismatch',
});

export function emptyMountForm(defaultConfigId = ''): MountFormValues {
  return {
    name: '',
    mountPath: '/',
    storageConfigId: defaultConfigId,
    remark: '',
    sortOrder: '0',
    cacheTtl: String(MOUNT_CACHE_TTL_DEFAULT),
    isActive: true,
    webProxy: false,
    webdavPolicy: '302_redirect',
    enableSign: false,
    signExpires: '',
  };
}

export function mountFormFromDto(mount: MountDto): MountFormValues {
  return {
    name: mount.name,
    mountPath: mount.mount_path,
    storageConfigId: mount.storage_config_id,
    remark: mount.remark ?? '',
    sortOrder: String(mount.sort_order),
    cacheTtl: String(mount.cache_ttl),
    isActive: mount.is_active === 1,
    webProxy: mount.web_proxy === 1,
    webdavPolicy: mount.webdav_policy,
    enableSign: mount.enable_sign === 1,
    signExpires: mount.sign_expires === null ? '' : String(mount.sign_expires),
  };
}

/** The wire body of the form (numbers still as typed: the contract reads numeric strings). */
function wireBody(values: MountFormValues) {
  const signExpires = values.signExpires.trim();
  return {
    name: values.name,
    mount_path: values.mountPath,
    storage_config_id: values.storageConfigId,
    remark: values.remark,
    sort_order: values.sortOrder.trim(),
    cache_ttl: values.cacheTtl.trim(),
    is_active: values.isActive ? 1 : 0,
    web_proxy: values.webProxy ? 1 : 0,
    webdav_policy: values.webdavPolicy,
    enable_sign: values.enableSign ? 1 : 0,
    sign_expires: signExpires === '' ? null : signExpires,
  } as const;
}

/** The create body, checked by the same schema the server uses (errors land on the same fields). */
export function buildCreateBody(values: MountFormValues): FormResult<MountCreateBody, MountFormErrors> {
  const body = wireBody(values);
  const parsed = MountCreateBody.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues, MOUNT_FIELD_ERRORS) };
  return { ok: true, body: parsed.data };
}

/** The update body: every field (a PUT takes any subset; sending all keeps the form the one truth). */
export function buildUpdateBody(values: MountFormValues): FormResult<MountUpdateBody, MountFormErrors> {
  const body = wireBody(values);
  const parsed = MountUpdateBody.safeParse(body);
  if (!parsed.success) return { ok: false, errors: fieldErrorsFrom(parsed.error.issues, MOUNT_FIELD_ERRORS) };
  return { ok: true, body: parsed.data };
}
