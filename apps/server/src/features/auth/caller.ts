import type { TokenScope } from '@medrem/contract';
import { forbidden } from '../../lib/app-error';

/** Who is calling, as proven by a verified access token. */
export interface Caller {
  userId: string;
  email: string;
  /** A personal access token's scopes (decision 266); undefined: a full session's token. */
  scopes?: readonly TokenScope[];
}

/** A path or query that names a user's email must name the caller. */
export function assertSelf(caller: Caller, userEmail: string): void {
  if (caller.email !== userEmail.trim().toLowerCase()) throw forbidden();
}

/** What a request's authentication needs to know of a user id now (kept per process, decision 131). */
export interface KnownCaller {
  email: string;
  /** Access tokens carrying another version were revoked. */
  tokenVersion: number;
}
