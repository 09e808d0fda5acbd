import { isIP } from 'node:net';
import type { StorageConfigRow } from './storage-configs.repository.js';

/** A bucket name the SDK puts in the host name: one DNS label (no dots, no underscores, no capitals). */
const HOST_LABEL = /^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/;

/**
 * The bucket's base URL (no trailing slash) as the S3 SDK addresses it: by path when the config asks for
 * it, for an IP endpoint and for a bucket name that is not one DNS label; else virtual-hosted, the bucket
 * in front of the endpoint's host. Null for an endpoint that is not a URL.
 */
export function bucketBaseUrl(
  config: Pick<StorageConfigRow, 'endpoint_url' | 'bucket_name' | 'path_style'>,
): string | null {
  let endpoint: URL;
  try {
    endpoint = new URL(config.endpoint_url);
  } catch {
    return null;
  }
  const base = endpoint.pathname.replace(/\/+$/, '');
  const byPath =
    config.path_style === 1 ||
    isIP(endpoint.hostname.replace(/^\[|\]$/g, '')) !== 0 ||
    !HOST_LABEL.test(config.bucket_name);
  if (byPath) return `${endpoint.origin}${base}/${encodeURIComponent(config.bucket_name)}`;
  return `${endpoint.protocol}//${config.bucket_name}.${endpoint.host}${base}`;
}
