import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api/api-client';

const ShareAnswer = z.object({
  slug: z.string(),
  url: z.string(),
  filename: z.string().optional(),
  expires_at: z.string().nullable().optional(),
  max_views: z.number().nullable().optional(),
  has_password: z.boolean().optional(),
});
export type MountShare = z.infer<typeof ShareAnswer>;

export interface CreateShareInput {
  path: string;
  password?: string;
  /** Hours; 0 = never. */
  expires_in?: number;
  /** 0 = unlimited. */
  max_views?: number;
}

/** `POST /api/fs/create-share`: a file share (`/file/<slug>`) of a mount file. */
export function createShare(input: CreateShareInput): Promise<MountShare> {
  return apiRequest('/fs/create-share', { method: 'POST', body: input, schema: ShareAnswer });
}

export function useCreateShare() {
  return useMutation({ mutationFn: createShare });
}
