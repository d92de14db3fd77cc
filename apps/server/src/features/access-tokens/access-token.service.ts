import {
  type CreateTokenInput,
  ERROR_REASONS,
  MAX_PERSONAL_TOKENS,
  PAT_PREFIX,
  type PersonalToken,
  TOKEN_MAX_YEARS,
  type TokenScope,
} from '@medrem/contract';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { ActivityRecorder } from '../activity/activity.port';
import type { PerUserCache } from '../../lib/per-user-cache';
import type { Caller } from '../auth/caller';
import {
  type AccessTokenRepository,
  type TokenGrant,
  scopesOf,
  storedScopes,
} from './access-token.repository';
import { toPersonalToken } from './personal-token-view';
import {
  hashPersonalToken,
  isWellFormedPersonalToken,
  newPersonalTokenSecret,
} from './personal-token-secret';

/** last_used_at is written at most this often per token: a write per call would cost throughput. */
const TOUCH_EVERY_MS = 60_000;
/** Tokens whose last write this process remembers; past it, it starts over (a backstop, not a rule). */
const TOUCHED_MAX = 10_000;

/**
 * Personal access tokens (issue 59): made, listed and revoked by their owner, and checked for
 * every bearer that has their prefix. Revoking forgets the owner in every process (the same path as
 * a revoked session, decision 131), so a revoked token fails at once everywhere.
 */
export class AccessTokenService {
  private readonly touched = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      tokens: AccessTokenRepository;
      clock: Clock;
      /** Token hash → its grant; dropped with the owner's `caller` entry in every process. */
      grants: PerUserCache<TokenGrant | null>;
      /** Tells every process that the user's tokens changed (AuthService.forgetCaller). */
      forgetOwner: (userId: string) => Promise<void>;
      /** A failed last-used write (off the request's path, so nobody else hears of it). */
      onTouchError?: (error: unknown) => void;
      activity: ActivityRecorder;
    },
  ) {}

  async list(caller: Caller): Promise<{ tokens: PersonalToken[] }> {
    return { tokens: (await this.deps.tokens.listForUser(caller.userId)).map(toPersonalToken) };
  }

  async create(caller: Caller, input: CreateTokenInput): Promise<{ token: PersonalToken; secret: string }> {
    const now = this.deps.clock.now();
    const expiresAt = this.expiryOf(input.expiresAt, now);
    const secret = newPersonalTokenSecret();
    const row = await this.deps.tokens.insertWithin(MAX_PERSONAL_TOKENS, {
      userId: caller.userId,
      name: input.name,
      scopes: storedScopes(input.scopes),
      tokenHash: hashPersonalToken(secret),
      createdAt: now,
      expiresAt,
    });
    if (!row) {
      throw new AppError(
        'CONFLICT',
        `You have ${MAX_PERSONAL_TOKENS} tokens already (expired ones count too): revoke one you no longer use first.`,
        ERROR_REASONS.tokenLimit,
      );
    }
    this.deps.activity.record({ userId: caller.userId, kind: 'token-created', detail: { name: row.name } });
    return { token: toPersonalToken(row), secret };
  }

  private expiryOf(expiresAt: string | null | undefined, now: Date): Date | null {
    if (expiresAt === undefined || expiresAt === null) return null;
    const at = new Date(expiresAt);
    if (at.getTime() <= now.getTime()) throw badRequest('expiresAt must be in the future.');
    const latest = new Date(now);
    latest.setUTCFullYear(latest.getUTCFullYear() + TOKEN_MAX_YEARS);
    if (at > latest) throw badRequest(`expiresAt may be at most ${TOKEN_MAX_YEARS} years ahead.`);
    return at;
  }

  async revoke(caller: Caller, id: string): Promise<{ revoked: true }> {
    const name = await this.deps.tokens.delete(caller.userId, id);
    if (name === undefined) throw notFound('No such token of yours.');
    this.deps.activity.record({ userId: caller.userId, kind: 'token-revoked', detail: { name } });
    await this.deps.forgetOwner(caller.userId);
    return { revoked: true };
  }

  /**
   * The user and scopes of a personal token's secret; null when it is malformed, unknown, revoked
   * or expired (judged by the clock on every call, so an expiry needs no invalidation).
   */
  async authenticate(secret: string): Promise<{ userId: string; scopes: TokenScope[] } | null> {
    if (!secret.startsWith(PAT_PREFIX) || !isWellFormedPersonalToken(secret)) return null;
    // Unknown hashes are not kept: nobody can fill the cache with made-up tokens.
    const hash = hashPersonalToken(secret);
    const grant = await this.deps.grants.get(
      hash,
      async () => (await this.deps.tokens.findGrant(hash)) ?? null,
      (found) => found !== null,
    );
    const now = this.deps.clock.now();
    if (!grant || (grant.expiresAt !== null && grant.expiresAt.getTime() <= now.getTime())) return null;
    this.touch(grant.id, now);
    return { userId: grant.userId, scopes: scopesOf(grant.scopes) as TokenScope[] };
  }

  /** Records the use off the request's path, at most once a minute per token from this process. */
  private touch(id: string, now: Date): void {
    const last = this.touched.get(id);
    if (last !== undefined && now.getTime() - last < TOUCH_EVERY_MS) return;
    if (this.touched.size >= TOUCHED_MAX) this.touched.clear();
    this.touched.set(id, now.getTime());
    const write: Promise<void> = this.deps.tokens
      .touch(id, now)
      .catch((error: unknown) => this.deps.onTouchError?.(error))
      .finally(() => this.pending.delete(write));
    this.pending.add(write);
  }

  /** Waits for the last-used writes under way (at shutdown, before the database closes; tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
