import { z } from 'zod';

/** At most this many ids per bulk request. */
export const BULK_MAX = 1000;

/** Bulk delete by id (`DELETE /api/admin/api-keys`, later `/pastes/batch-delete`, …). */
export const BulkDeleteBody = z.object({
  ids: z.array(z.string().trim().min(1).max(128)).min(1).max(BULK_MAX),
});
export type BulkDeleteBody = z.infer<typeof BulkDeleteBody>;

/** `data` of a bulk delete: how many rows were actually deleted. */
export const BulkDeleteResult = z.object({ deleted: z.number().int() });
export type BulkDeleteResult = z.infer<typeof BulkDeleteResult>;
