import { useMutation } from '@tanstack/react-query';
import { loginWithApiKey } from '../../../lib/auth/auth-session';

/** `GET /api/test/api-key` with the entered key; stores the key session when it may use the panel. */
export function useLoginApiKey() {
  return useMutation({ mutationFn: loginWithApiKey });
}
