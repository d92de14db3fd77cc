import { type PGlite, type QueryOptions, type Results, parse, protocol } from '@electric-sql/pglite';
import { MAX_PREPARED_PARAMETERS } from './prepared-statements';

const { serialize } = protocol;

/**
 * The most statement texts named per database: one per query site, and a few per `in (…)` list of
 * up to MAX_PREPARED_PARAMETERS ids. Beyond it statements run unnamed (never seen in the app).
 */
export const MAX_NAMED_STATEMENTS = 2000;

/** PostgreSQL's answers when a named statement no longer fits: then it runs once more unnamed. */
const STALE_STATEMENT_CODES = new Set([
  '0A000', // cached plan must not change result type (a table changed under it)
  '26000', // prepared statement does not exist
]);

interface Named {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them: each value is serialized for its type. */
  types: number[];
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Decision 012: every statement with parameters runs on PGlite as a named prepared statement, as it
 * does on PostgreSQL (decision 135). PGlite's own `query` sends each statement through six protocol
 * steps (parse, describe, bind, describe, execute, sync), one call into WebAssembly each, and its
 * backend parses and plans the text every time. Named, a statement is parsed and described once per
 * database; each call is then one bind + describe + execute and a sync, and PostgreSQL's plan cache
 * spares the planning (measured: the bell's page 495 → 251 µs a query).
 *
 * The same rules of PGlite's `query` are kept: values serialized by their inferred types, rows
 * parsed by the instance's parsers, the query lock taken, the transaction lock too outside a
 * transaction, and the data directory synced after a statement outside a transaction.
 */
export class PgliteNamedStatements {
  private readonly named = new Map<string, Named>();
  private made = 0;

  constructor(private readonly pg: PGlite) {}

  /** Whether this statement is run named (else the caller runs PGlite's own `query`). */
  accepts(text: string, params: unknown[] | undefined, options: QueryOptions | undefined): boolean {
    if (!params || params.length === 0 || params.length > MAX_PREPARED_PARAMETERS) return false;
    if (options?.paramTypes || options?.blob || options?.serializers) return false;
    return this.named.has(text) || this.named.size < MAX_NAMED_STATEMENTS;
  }

  /**
   * Runs `text` named. Inside a transaction (`inTransaction`) PGlite's transaction already holds its
   * lock: only the query lock is taken, as its transaction's own `query` does.
   */
  async query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
    /** Outside a transaction: called in PGlite's lock once the statement has run (group commit). */
    ran?: () => void,
  ): Promise<Results<T>> {
    const run = () => this.pg.runExclusive(() => this.run<T>(text, params, options));
    try {
      if (inTransaction) return await run();
      await this.pg._checkReady();
      return await this.pg._runExclusiveTransaction(async () => {
        const result = await run();
        ran?.();
        await this.pg.syncToFs();
        return result;
      });
    } catch (error) {
      if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error;
      // Named before a migration changed the table under it: forgotten, and this call runs unnamed.
      this.named.delete(text);
      if (inTransaction) throw error; // the transaction is aborted by the error: its caller retries
      if (!ran) return this.pg.query<T>(text, params, options);
      return this.pg.transaction(async (tx) => {
        const result = await tx.query<T>(text, params, options);
        ran();
        return result;
      });
    }
  }

  private async run<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const statement = this.named.get(text) ?? (await this.prepare(text));
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pg.serializers[statement.types[i] ?? 0];
      // As PGlite's own query: a type without a serializer gets the value's own text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    let messages;
    try {
      messages = await this.pg.execProtocolStream(
        joined([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        ]),
        { syncToFs: false },
      );
    } finally {
      // After an error PostgreSQL skips everything up to the next sync: it always comes.
      await this.pg.execProtocolStream(serialize.sync(), { syncToFs: false });
    }
    return parse.parseResults(messages, this.pg.parsers, options)[0] as Results<T>;
  }

  private async prepare(text: string): Promise<Named> {
    this.made += 1;
    const name = `medrem_${this.made}`;
    try {
      const messages = await this.pg.execProtocolStream(
        joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })]),
        { syncToFs: false },
      );
      const description = messages.find((m) => m.name === 'parameterDescription') as
        { dataTypeIDs: number[] } | undefined;
      const statement = { name, types: description?.dataTypeIDs ?? [] };
      this.named.set(text, statement);
      return statement;
    } finally {
      await this.pg.execProtocolStream(serialize.sync(), { syncToFs: false });
    }
  }
}
