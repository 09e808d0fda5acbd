import type { TestApiKeyResult } from '@driftbox/contract';

/** The permissions of an API key as the key test answers them: text and mount viewing only, unless `overrides` say otherwise. */
export const keyPermissions = (
  overrides: Partial<TestApiKeyResult['permissions']> = {},
): TestApiKeyResult['permissions'] => ({
  text: true,
  file: false,
  text_manage: false,
  file_manage: false,
  mount_view: true,
  mount_upload: false,
  mount_copy: false,
  mount_rename: false,
  mount_delete: false,
  webdav_read: false,
  webdav_manage: false,
  ...overrides,
});
