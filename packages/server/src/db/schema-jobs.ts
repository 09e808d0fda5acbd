/** When a periodic job is next due, for every instance (migration 014; jobs/periodic-claim.ts). */
export interface PeriodicRunsTable {
  name: string;
  next_run_at: string;
  last_run_at: string | null;
}
