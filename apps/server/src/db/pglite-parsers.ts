import { type PGlite, type QueryOptions, types } from '@electric-sql/pglite';
import { type EmbeddedGroupCommit, isReadStatement } from './embedded-group-commit';
import type { PgliteNamedStatements } from './pglite-named-statements';

const asText = (value: string) => value;

/**
 * The types drizzle reads as PostgreSQL's text (it maps them itself): the same list drizzle's PGlite
 * driver passes with every query (drizzle-orm/pglite/session.js).
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;

/**
 * Those types as text for every query of the instance. Set once it is ready: PGlite installs its
 * array types' parsers while it starts, over any given to its constructor.
 */
export function useDrizzleTextParsers(client: Pick<PGlite, 'parsers'>): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
}

type Queryable = Pick<PGlite, 'query'>;

/**
 * The PGlite client drizzle is given (and each transaction's client): queries run on the instance's
 * parsers, and statements with parameters as named prepared statements.
 *
 * Decision 137: drizzle's PGlite driver passes its parsers with every query, and PGlite merges them
 * into a copy of its whole parser table per query (`{ ...instance, ...query }`, a few hundred
 * entries): 9 % of the embedded server's busy time on a one-row read. The instance is given the same
 * parsers (`useDrizzleTextParsers`), and this client drops them from each query's options, so
 * every row is parsed exactly as before without the copy. Transactions' clients get the same.
 *
 * With `named` (decision 012), statements with parameters run as named prepared statements, at the
 * top level and in transactions alike. With `commits` (decision 014), a transaction, or a write
 * outside one, resolves only once its commit is on disk.
 */
export function embeddedDriverClient<T extends Queryable>(
  client: T,
  named?: PgliteNamedStatements,
  commits?: EmbeddedGroupCommit,
  inTransaction = false,
): T {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') {
        return (query: string, params?: unknown[], options?: QueryOptions) => {
          const own = options?.parsers ? { ...options, parsers: undefined } : options;
          // A write outside a transaction commits on its own: answered once it is on disk.
          if (commits && !inTransaction && !isReadStatement(query)) {
            return durableWrite(target, commits, named, query, params, own);
          }
          if (named?.accepts(query, params, own)) return named.query(query, params!, own, inTransaction);
          return target.query(query, params, own);
        };
      }
      if (property === 'transaction') {
        return (callback: (tx: Queryable) => Promise<unknown>) => {
          const work = (tx: Queryable) => callback(embeddedDriverClient(tx, named, commits, true));
          const transacting = target as unknown as Transacting;
          return commits ? commits.transaction(transacting, work) : transacting.transaction(work);
        };
      }
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

type Transacting = Pick<PGlite, 'transaction'>;

/** One write outside a transaction, counted for the group commit inside PGlite's lock. */
async function durableWrite(
  client: Queryable,
  commits: EmbeddedGroupCommit,
  named: PgliteNamedStatements | undefined,
  query: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
) {
  if (!named?.accepts(query, params, options)) {
    // Unnamed (no parameters, or too many): in a transaction of its own, to count it inside the lock.
    return commits.transaction(client as unknown as Transacting, (tx) => tx.query(query, params, options));
  }
  let ticket = 0;
  const result = await named.query(query, params!, options, false, () => {
    ticket = commits.count();
  });
  // Not counted in the lock (cannot happen today): counted now, which only asks for a later flush.
  await commits.durableAfter(ticket || commits.count());
  return result;
}
