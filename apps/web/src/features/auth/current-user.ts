import type { PublicUser } from '@medrem/contract';

/** Spec section 3: the client's current user; the name falls back to the email, then ''. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  /** Whether the address is proven (decision 208); false shows the banner asking to verify it. */
  emailVerified: boolean;
  createdAt: string;
  lastLogin: string | null;
}

export function toCurrentUser(user: PublicUser): CurrentUser {
  return {
    id: user.id,
    name: user.name || user.email || '',
    email: user.email,
    emailVerified: user.emailVerified,
    createdAt: user.createdAt,
    lastLogin: user.lastLogin,
  };
}
