import type { StorageConfigSummaryDto } from '@driftbox/contract';

/** A file refused before anything is sent (spec §5 and §8: too large, or larger than the space left). */
export class PrecheckError extends Error {
  constructor(
    readonly kind: 'tooLarge' | 'insufficientStorage',
    readonly size: number,
    /** The upload limit, or the space left. */
    readonly limit: number,
    readonly capacity: number | null = null,
  ) {
    super(kind);
    this.name = 'PrecheckError';
  }
}

/** Space left in a config; null when it has no capacity set (unlimited). */
export function remainingBytes(
  config: Pick<StorageConfigSummaryDto, 'total_storage_bytes' | 'used_bytes'>,
): number | null {
  if (config.total_storage_bytes === null) return null;
  return Math.max(0, config.total_storage_bytes - config.used_bytes);
}

/** The upload limit (`max_upload_size_bytes`), checked as soon as a file is added. */
function checkSize(size: number, maxBytes: number | undefined): PrecheckError | null {
  return maxBytes !== undefined && size > maxBytes ? new PrecheckError('tooLarge', size, maxBytes) : null;
}

/** The chosen config's free space, checked when the upload starts. */
function checkSpace(size: number, config: StorageConfigSummaryDto | undefined): PrecheckError | null {
  if (!config) return null;
  const remaining = remainingBytes(config);
  if (remaining === null || size <= remaining) return null;
  return new PrecheckError('insufficientStorage', size, remaining, config.total_storage_bytes);
}

/** Everything a size must pass before an upload starts: the upload limit, then the chosen config's space. */
export function checkUpload(
  size: number,
  maxBytes: number | undefined,
  config: StorageConfigSummaryDto | undefined,
): PrecheckError | null {
  return checkSize(size, maxBytes) ?? checkSpace(size, config);
}
