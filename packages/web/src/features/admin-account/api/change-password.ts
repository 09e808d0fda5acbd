import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import type { ChangePasswordBody } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/**
 * `POST /api/admin/change-password`. On success the server ends every session of this admin,
 * so the page logs out after a countdown (spec §6).
 */
export function changePassword(body: ChangePasswordBody): Promise<unknown> {
  return apiRequest('/admin/change-password', { method: 'POST', body, schema: z.unknown() });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
