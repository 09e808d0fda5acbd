import {
  ApiKeyCreateBody,
  ApiKeyUpdateBody,
  DEFAULT_BASIC_PATH,
  KEY_CUSTOM_DAYS_MAX,
  ROLE_PRESETS,
  type ApiKeyDto,
  type ApiKeyRole,
} from '@driftbox/contract';
import { fieldErrorsFrom, sameNameTable, type FormResult } from '../../../lib/forms/field-errors';

/** Expiry choices of the form (spec §9: 1, 7, 30 days, never, custom days); `keep` only when editing. */
export const EXPIRY_CHOICES = ['1', '7', '30', 'never', 'custom'] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number] | 'keep';

export interface KeyFormValues {
  name: string;
  customKey: string;
  role: ApiKeyRole;
  permissions: number;
  basicPath: string;
  isGuest: boolean;
  expiry: ExpiryChoice;
  customDays: string;
}

export type KeyFormField =
  'name' | 'custom_key' | 'permissions' | 'role' | 'basic_path' | 'is_guest' | 'expires_at' | 'customDays';

/** Error codes the form translates under `keys.form.errors.*`. */
export type KeyFieldError =
  | 'nameRequired'
  | 'nameInvalid'
  | 'customKeyInvalid'
  | 'permissionsInvalid'
  | 'roleInvalid'
  | 'basicPathInvalid'
  | 'guestInvalid'
  | 'expiryInvalid'
  | 'daysRequired'
  | 'daysInvalid';

export type KeyFormErrors = Partial<Record<KeyFormField, KeyFieldError>>;

export function emptyKeyForm(): KeyFormValues {
  return {
    name: '',
    customKey: '',
    role: 'GENERAL',
    permissions: ROLE_PRESETS.GENERAL,
    basicPath: DEFAULT_BASIC_PATH,
    isGuest: false,
    expiry: '30',
    customDays: '',
  };
}

function isRole(value: string): value is ApiKeyRole {
  return value in ROLE_PRESETS;
}

/** Editing starts from the stored key; its expiry is kept unless the admin picks another. */
export function keyFormFromDto(dto: ApiKeyDto): KeyFormValues {
  return {
    name: dto.name,
    customKey: '',
    role: isRole(dto.role) ? dto.role : 'GENERAL',
    permissions: dto.permissions,
    basicPath: dto.basic_path,
    isGuest: dto.is_guest === 1,
    expiry: 'keep',
    customDays: '',
  };
}

/** A role preset fills in its permission bits (the role itself grants nothing); GUEST marks a guest key. */
export function applyRolePreset(values: KeyFormValues, role: ApiKeyRole): KeyFormValues {
  return { ...values, role, permissions: ROLE_PRESETS[role], isGuest: role === 'GUEST' };
}

export function togglePermission(values: KeyFormValues, bit: number, on: boolean): KeyFormValues {
  return { ...values, permissions: on ? values.permissions | bit : values.permissions & ~bit };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Custom days: a whole number from 1 to KEY_CUSTOM_DAYS_MAX. */
export function parseCustomDays(raw: string): number | KeyFieldError {
  if (raw.trim() === '') return 'daysRequired';
  const days = Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > KEY_CUSTOM_DAYS_MAX) return 'daysInvalid';
  return days;
}

/** The wire value of an expiry choice: an ISO timestamp computed client-side, `never`, or undefined to keep. */
export function expiryToWire(choice: ExpiryChoice, days: number | undefined, now: number): string | undefined {
  if (choice === 'keep') return undefined;
  if (choice === 'never') return 'never';
  const count = choice === 'custom' ? (days ?? 0) : Number(choice);
  return new Date(now + count * DAY_MS).toISOString();
}

/** Where the schema's and the server's complaints land (`details[].path` → field and its generic error). */
export const KEY_FIELD_ERRORS = sameNameTable<Exclude<KeyFormField, 'customDays'>, KeyFieldError>({
  name: 'nameInvalid',
  custom_key: 'customKeyInvalid',
  permissions: 'permissionsInvalid',
  role: 'roleInvalid',
  basic_path: 'basicPathInvalid',
  is_guest: 'guestInvalid',
  expires_at: 'expiryInvalid',
});

export type KeyFormResult<B> = FormResult<B, KeyFormErrors>;

function checkCommon(values: KeyFormValues): { errors: KeyFormErrors; days?: number } {
  const errors: KeyFormErrors = {};
  if (values.name.trim() === '') errors.name = 'nameRequired';
  if (values.expiry !== 'custom') return { errors };
  const days = parseCustomDays(values.customDays);
  if (typeof days !== 'number') {
    errors.customDays = days;
    return { errors };
  }
  return { errors, days };
}

/** Builds and validates the create body with the contract's schema (STYLE §26). */
export function buildCreateBody(values: KeyFormValues, now: number): KeyFormResult<ApiKeyCreateBody> {
  const { errors, days } = checkCommon(values);
  const raw: ApiKeyCreateBody = {
    name: values.name.trim(),
    custom_key: values.customKey.trim() || undefined,
    permissions: values.permissions,
    role: values.role,
    basic_path: values.basicPath.trim() || DEFAULT_BASIC_PATH,
    is_guest: values.isGuest ? 1 : 0,
    expires_at: expiryToWire(values.expiry === 'keep' ? '30' : values.expiry, days, now),
  };
  const parsed = ApiKeyCreateBody.safeParse(raw);
  const all = { ...(parsed.success ? {} : fieldErrorsFrom(parsed.error.issues, KEY_FIELD_ERRORS)), ...errors };
  if (Object.keys(all).length > 0) return { ok: false, errors: all };
  return { ok: true, body: raw };
}

/** Builds and validates the update body; the key itself is not editable. */
export function buildUpdateBody(values: KeyFormValues, now: number): KeyFormResult<ApiKeyUpdateBody> {
  const { errors, days } = checkCommon(values);
  const raw: ApiKeyUpdateBody = {
    name: values.name.trim(),
    permissions: values.permissions,
    role: values.role,
    basic_path: values.basicPath.trim() || DEFAULT_BASIC_PATH,
    is_guest: values.isGuest ? 1 : 0,
  };
  const expiresAt = expiryToWire(values.expiry, days, now);
  if (expiresAt !== undefined) raw.expires_at = expiresAt;
  const parsed = ApiKeyUpdateBody.safeParse(raw);
  const all = { ...(parsed.success ? {} : fieldErrorsFrom(parsed.error.issues, KEY_FIELD_ERRORS)), ...errors };
  if (Object.keys(all).length > 0) return { ok: false, errors: all };
  return { ok: true, body: raw };
}

/** Expired keys are highlighted in the list; `null` means the key never expires. */
export function isExpired(expiresAt: string | null, now: number): boolean {
  if (!expiresAt) return false;
  const time = new Date(expiresAt).getTime();
  return Number.isFinite(time) && time <= now;
}
