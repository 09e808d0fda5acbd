import { useMutation } from '@tanstack/react-query';
import { StorageTestResult } from '@driftbox/contract';
import { apiRequest } from '../../../lib/api/api-client';

/** `POST /api/s3-configs/{id}/test` — read, write, presigned round trip, CORS and delete probes. */
export function testStorageConfig(id: string): Promise<StorageTestResult> {
  // The probes talk to the bucket; give them longer than an ordinary call.
  return apiRequest(`/s3-configs/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: StorageTestResult,
    timeoutMs: 90_000,
  });
}

export function useTestStorageConfig() {
  return useMutation({ mutationFn: testStorageConfig });
}
