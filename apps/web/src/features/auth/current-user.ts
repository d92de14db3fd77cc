import type { PublicUser } from '@medrem/contract';

/** Spec section 3: the client's current user; the name falls back to the email, then ''. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  lastLogin: string | null;
}

export function toCurrentUser(user: PublicUser): CurrentUser {
  return {
    id: user.id,
    name: user.name || user.email || '',
    email: user.email,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}
