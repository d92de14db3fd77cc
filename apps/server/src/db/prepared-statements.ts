import type postgres from 'postgres';

/**
 * Statements with more parameters than this stay unnamed: they are the bulk ones (multi-row
 * inserts, long `in (...)` lists), whose text changes with their size. Naming each size would grow
 * every connection's statement cache (postgres.js and the server keep them for the connection's
 * life) without bound; they are rare enough that two round trips do not matter.
 */
export const MAX_PREPARED_PARAMETERS = 32;

type UnsafeOptions = NonNullable<Parameters<postgres.Sql['unsafe']>[2]>;
type Callback = (sql: postgres.TransactionSql) => unknown;

/**
 * Decision 135: every statement of the app is a named prepared statement on PostgreSQL. drizzle
 * asks postgres.js for an unnamed one unless a query is given a name (`prepare: name !== undefined`),
 * and postgres.js sends an unnamed statement with parameters in two round trips (Parse + Describe,
 * wait for the parameter types, then Bind + Execute) and has the server parse and plan it each
 * time. A prepared one is parsed once per connection and then costs one Bind + Execute. This
 * wrapper lets drizzle's queries, including those inside transactions and savepoints, be prepared.
 */
export function preparingStatements<T extends postgres.Sql | postgres.TransactionSql>(sql: T): T {
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (query: string, parameters: unknown[] = [], options: UnsafeOptions = {}) =>
          target.unsafe(
            query,
            parameters as postgres.ParameterOrJSON<never>[],
            parameters.length <= MAX_PREPARED_PARAMETERS ? { ...options, prepare: true } : options,
          );
      }
      if (property === 'begin' || property === 'savepoint') {
        const open = Reflect.get(target, property, receiver) as (...args: unknown[]) => Promise<unknown>;
        return (first: string | Callback, second?: Callback) => {
          const callback = (typeof first === 'function' ? first : second) as Callback;
          const scoped = (inner: postgres.TransactionSql) => callback(preparingStatements(inner));
          return typeof first === 'function' ? open.call(target, scoped) : open.call(target, first, scoped);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}
