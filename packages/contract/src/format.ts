/**
 * Human file size with binary units and always one decimal ("11.4 MB", "100.0 MB"). One function for
 * the server's messages and the pages, so a size reads the same in a list and in a refusal beside it.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Whole bytes: a rate (bytes per second) may be fractional.
  return unit === 0 ? `${Math.round(bytes)} B` : `${value.toFixed(1)} ${units[unit]}`;
}
