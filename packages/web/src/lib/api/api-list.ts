import { z } from 'zod';
import { ListPagination } from '@driftbox/contract';
import { apiRequestWithEnvelope, type ListPage, type RequestOptions } from './api-client';
import { ApiError, CLIENT_ERROR_MESSAGES } from './api-error';

/** `apiRequest` (with zod, for the admin lists) for list endpoints that answer `{ data: [...], pagination: {...} }`. */
export async function apiRequestList<S extends z.ZodType>(
  path: string,
  options: RequestOptions<S>,
): Promise<ListPage<z.output<S>>> {
  const { data, envelope } = await apiRequestWithEnvelope(path, { ...options, schema: z.array(options.schema) });
  const pagination = ListPagination.safeParse(envelope.pagination);
  if (!pagination.success) {
    throw new ApiError({ status: 200, code: 'BAD_RESPONSE', message: CLIENT_ERROR_MESSAGES.BAD_RESPONSE });
  }
  return { items: data as Array<z.output<S>>, pagination: pagination.data };
}
