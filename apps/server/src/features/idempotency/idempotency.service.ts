import { createHash } from 'node:crypto';
import type { Database } from '../../db/database';
import { conflict } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { IdempotentWriteRepository } from './idempotent-write.repository';

/** The input of a write that may carry a key; the key itself is not part of what is compared. */
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
    if (outcome.operation !== operation || outcome.requestHash !== requestHash) {
      throw conflict('This idempotencyKey was already used for a different request.');
    }
    // Stored by this same operation from the same input: the answer it gave then.
    return { response: outcome.response as T, replayed: true };
  }
}
