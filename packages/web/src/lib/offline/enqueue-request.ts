/**
 * What the API client does with a queueable write that cannot reach the server (spec §4): store it with
 * the credentials it was made with and ask for a sync. Loaded on demand, so Dexie stays out of the
 * first page load.
 */
import { getAuthState, authorizationFor } from '../auth/auth-store';
import { enqueue } from './queue';
import { registerBackgroundSync } from './sync';
import type { QueueMethod, QueueType } from './queue-types';

export interface QueueableRequest {
  type: QueueType;
  url: string;
  method: QueueMethod;
  body: unknown;
  authorization: string | undefined;
  language: string;
}

export async function enqueueRequest(request: QueueableRequest): Promise<number> {
  const auth = getAuthState();
  const id = await enqueue({
    type: request.type,
    endpoint: request.url,
    method: request.method,
    data: request.body,
    authToken: request.authorization ?? null,
    // The kind of the credential sent (none for a public call such as a file password check).
    authType: request.authorization && request.authorization === authorizationFor(auth) ? auth.kind : 'none',
    language: request.language,
  });
  void registerBackgroundSync();
  return id;
}
