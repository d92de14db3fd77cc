import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import type { StatementFollowUp } from '../../db/statement-follow-up';
import { ERROR_REASONS } from '@medrem/contract';
import { conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IdempotentWriteRepository, StoredWrite } from './idempotent-write.repository';

/**
 * The input of a write that may carry a key, exactly as the client sent it: its fingerprint is what
 * a retry is compared by, so nothing the server fills in (the time of the call, a default) may be
 * in it, or a retry made a moment later would be refused as another request (decision 181). The
 * key itself is not part of what is compared.
 */
export type KeyedRequest = { idempotencyKey?: string | undefined } & Record<string, unknown>;

function hashOf(request: KeyedRequest): string {
  const { idempotencyKey: _key, ...rest } = request;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

/**
 * Writes that apply once per idempotency key (decision 071). Without a key the work simply runs
 * (in a transaction). With one, a repeat returns the first answer; the same key with another call
 * or other input is refused (409), since answering it with the first answer would be a lie.
 */
export class IdempotencyService {
  constructor(private readonly deps: { writes: IdempotentWriteRepository; clock: Clock }) {}

  /**
   * `check` runs first, outside the transaction (reads and refusals: the embedded database has one
   * connection, which the transaction holds); `write` runs inside it, with the key. A key seen
   * before answers at once, without checking again: the write it stands for was valid then.
   */
  async once<P, T>(
    userId: string,
    operation: string,
    request: KeyedRequest,
    steps: { check: () => Promise<P>; write: (tx: Database, checked: P) => Promise<T> },
  ): Promise<{ response: T; replayed: boolean }> {
    const key = request.idempotencyKey;
    const requestHash = hashOf(request);
    const seen = key ? await this.deps.writes.find(userId, key) : undefined;
    const outcome =
      seen ??
      (await (async () => {
        const checked = await steps.check();
        const claim = key ? { userId, key, operation, requestHash, now: this.deps.clock.now() } : undefined;
        return this.deps.writes.run(claim, (tx) => steps.write(tx, checked));
      })());
    if (!outcome.replayed) return { response: outcome.response, replayed: false };
    return { response: answerOf<T>(outcome, operation, requestHash), replayed: true };
  }

  /**
   * The answer a key already stands for, for a write made without a transaction (decision 136):
   * undefined when the request has no key or its key is unused; 409 for a key used by another call.
   */
  async replayOf<T>(
    userId: string,
    operation: string,
    request: KeyedRequest,
  ): Promise<{ response: T } | undefined> {
    const key = request.idempotencyKey;
    const seen = key ? await this.deps.writes.find(userId, key) : undefined;
    return seen && { response: answerOf<T>(seen, operation, hashOf(request)) };
  }

  /**
   * The request's key claimed with `response`, in the statement of a write made without a
   * transaction (decision 136); none for a request without a key.
   */
  claimWith(
    userId: string,
    operation: string,
    request: KeyedRequest,
    response: unknown,
  ): StatementFollowUp[] {
    const key = request.idempotencyKey;
    if (!key) return [];
    const claim = { userId, key, operation, requestHash: hashOf(request), now: this.deps.clock.now() };
    return [this.deps.writes.claimWith(claim, response)];
  }
}

/** A stored key's answer, when it was stored by this operation from the same input; else 409. */
function answerOf<T>(stored: StoredWrite, operation: string, requestHash: string): T {
  if (stored.operation !== operation || stored.requestHash !== requestHash) {
    throw conflict(
      'This idempotencyKey was already used for a different request.',
      ERROR_REASONS.idempotencyKeyReused,
    );
  }
  return stored.response as T;
}
