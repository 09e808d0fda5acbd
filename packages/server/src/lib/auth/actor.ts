/** Who is calling, resolved once per request by the auth middleware. */
export interface AdminActor {
  type: 'admin';
  id: string;
  username: string;
}

export interface ApiKeyActor {
  type: 'apikey';
  id: string;
  name: string;
  permissions: number;
  basicPath: string;
  role: string;
  isGuest: number;
  expiresAt: string | null;
}

export interface AnonymousActor {
  type: 'anonymous';
}

export type Actor = AdminActor | ApiKeyActor | AnonymousActor;

/** The anonymous visitor. */
export const ANONYMOUS: AnonymousActor = Object.freeze({ type: 'anonymous' });
