import { useMutation } from '@tanstack/react-query';
import { loginAdmin } from '../../../lib/auth/auth-session';

/**
 * `POST /api/admin/login`. The fetcher lives in lib/auth-session because the auth store owns the
 * session it starts; this hook is the feature's handle on it.
 */
export function useLoginAdmin() {
  return useMutation({ mutationFn: loginAdmin });
}
