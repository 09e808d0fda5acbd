import {
  ALL_PERMISSIONS,
  permissionNames,
  toPermissionObject,
  type ApiKeyDto,
  type ApiKeyWithSecretDto,
  type TestApiKeyResult,
} from '@driftbox/contract';
import type { AdminActor, ApiKeyActor } from '../../lib/auth/actor.js';
import type { ApiKeyRow } from './api-keys.repository.js';

/** A key as listed to the admin: masked, never the digest or ciphertext. */
export function presentApiKey(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    key_masked: `${row.key_prefix}…`,
    permissions: row.permissions,
    permission_names: permissionNames(row.permissions),
    role: row.role,
    basic_path: row.basic_path,
    is_guest: row.is_guest,
    is_enable: row.is_enable,
    expires_at: row.expires_at,
    last_used: row.last_used,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** A key with its plaintext, for the admin who created it or opens it to copy. */
export function presentApiKeyWithSecret(row: ApiKeyRow, key: string): ApiKeyWithSecretDto {
  return { ...presentApiKey(row), key };
}

/** `GET /api/test/api-key`: what the caller may do; admins get every flag and `is_admin`. */
export function presentKeyTest(actor: AdminActor | ApiKeyActor): TestApiKeyResult {
  if (actor.type === 'admin') {
    return {
      name: actor.username,
      basic_path: '/',
      permissions: toPermissionObject(ALL_PERMISSIONS),
      key_info: { id: actor.id, name: actor.username, basic_path: '/' },
      is_admin: true,
    };
  }
  return {
    name: actor.name,
    basic_path: actor.basicPath,
    permissions: toPermissionObject(actor.permissions),
    key_info: {
      id: actor.id,
      name: actor.name,
      basic_path: actor.basicPath,
      role: actor.role,
      is_guest: actor.isGuest,
      expires_at: actor.expiresAt,
    },
  };
}
