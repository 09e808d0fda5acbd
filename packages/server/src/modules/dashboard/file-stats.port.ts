/** Share count and bytes of one storage config. */
export interface ConfigFileStats {
  files: number;
  bytes: number;
}

/** File shares overall and per storage config. */
export interface FileTotals {
  files: number;
  bytes: number;
  /** Keyed by storage config id; configs without shares may be missing. */
  byConfig: Map<string, ConfigFileStats>;
}

/**
 * What the dashboard needs to know about file shares, as a port: the files module implements it over
 * its table and `createServices` passes it in. Until that module exists there are no file shares,
 * which is exactly what NO_FILE_STATS reports.
 */
export interface FileStatsPort {
  totals(): Promise<FileTotals>;
  /** Shares created per UTC day (`YYYY-MM-DD`) from `since` (an ISO instant, inclusive); days without any may be missing. */
  createdPerDay(since: string): Promise<Map<string, number>>;
}

/** The port before the files module: no shares, no bytes. */
export const NO_FILE_STATS: FileStatsPort = {
  totals: async () => ({ files: 0, bytes: 0, byConfig: new Map() }),
  createdPerDay: async () => new Map(),
};
