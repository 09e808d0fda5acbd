/**
 * Human file size with binary units and always one decimal ("11.4 MB", "100.0 MB"). One function for
 * the server's messages and the pages, so a size reads the same in a list and in a refusal beside it.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  // Whole bytes: a rate (bytes per second) may be fractional, and 1023.6 B/s reads as 1.0 KB/s.
  let value = bytes < 1024 ? Math.round(bytes) : bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
