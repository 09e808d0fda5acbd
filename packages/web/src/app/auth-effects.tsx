import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { AUTH_EVENTS } from '@driftbox/contract';
import { toast } from '../components/ui/toaster';
import { getAuthState, subscribeAuth, type AuthEndDetail } from '../lib/auth/auth-store';

/**
 * App-wide reactions to the auth store: say why a session ended (spec §8), and drop cached server
 * data when the signed-in identity changes so one user's lists never show for the next.
 */
export function AuthEffects() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  useEffect(() => {
    // A deliberate logout fires the same events (spec §4) but needs no "expired" message.
    const refused = (event: Event) => (event as CustomEvent<AuthEndDetail>).detail?.reason === 'expired';
    const adminExpired = (event: Event) => {
      if (refused(event)) toast.error(t('auth.session.adminExpired'), { id: 'auth-expired' });
    };
    const keyInvalid = (event: Event) => {
      if (refused(event)) toast.error(t('auth.session.keyInvalid'), { id: 'auth-expired' });
    };
    window.addEventListener(AUTH_EVENTS.adminTokenExpired, adminExpired);
    window.addEventListener(AUTH_EVENTS.apiKeyInvalid, keyInvalid);
    return () => {
      window.removeEventListener(AUTH_EVENTS.adminTokenExpired, adminExpired);
      window.removeEventListener(AUTH_EVENTS.apiKeyInvalid, keyInvalid);
    };
  }, [t]);

  useEffect(() => {
    let previous = getAuthState();
    return subscribeAuth(() => {
      const next = getAuthState();
      const changedIdentity =
        next.kind !== previous.kind ||
        (next.kind === 'apikey' && previous.kind === 'apikey' && next.key !== previous.key);
      previous = next;
      if (changedIdentity) queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'site-config' });
    });
  }, [queryClient]);

  return null;
}
