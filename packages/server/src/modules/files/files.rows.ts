/** How file rows come back from either dialect. */

/** int8 columns as numbers (PostgreSQL returns them as strings). */
export const normalize = <T extends { size: number | string; part_size: number | string | null }>(
  row: T,
): T & { size: number; part_size: number | null } => ({
  ...row,
  size: Number(row.size),
  part_size: row.part_size === null ? null : Number(row.part_size),
});
