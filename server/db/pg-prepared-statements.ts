import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** PostgreSQL's answer when a statement prepared before a change of its table's columns is run again. */
const resultTypeChanged = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(error.message);

/**
 * Statements with more parameters than this are sent unnamed: bulk inserts and long lists, whose
 * texts vary with their length and whose parsing is small beside their work. Kept ones are the
 * shop's everyday shapes.
 */
const mostParameters = 64;

/**
 * The names of the statements prepared on PostgreSQL: one per distinct SQL text with parameters,
 * the same on every connection of the process, at most `limit` of them (the shop's queries are a few
 * hundred shapes; any beyond go unnamed, as before). A text whose prepared statement's result changed
 * shape is given a new name, so that the next run prepares it afresh.
 */
export function createStatementNames(limit = 1000) {
  const names = new Map<string, string>();
  let made = 0;
  return {
    nameOf(text: string, parameters: number): string | undefined {
      if (parameters === 0 || parameters > mostParameters) return undefined;
      const named = names.get(text);
      if (named !== undefined || names.size >= limit) return named;
      made += 1;
      const name = `joinery_${made}`;
      names.set(text, name);
      return name;
    },
    forget(text: string) {
      names.delete(text);
    },
  };
}

type StatementNames = ReturnType<typeof createStatementNames>;

/** Whether a statement Kysely sends opens or ends a transaction (its savepoints aside). */
const opensTransaction = (text: string) => /^(begin|start transaction)\b/i.test(text);
const endsTransaction = (text: string) => /^(commit|rollback)\s*$/i.test(text);

/**
 * A connection of the pool as Kysely sees it, with each query that has parameters sent as a named
 * prepared statement: PostgreSQL parses and plans it once per connection instead of on every call
 * (ADR 066). Statements without parameters (BEGIN, COMMIT, a migration's several statements) go as
 * they are. A statement prepared before a migration changed its table's columns fails with "cached
 * plan must not change result type" (a process of the old release while a new one migrates): outside
 * a transaction it is prepared again and run at once; inside one the transaction has failed, and the
 * next run prepares it afresh.
 */
function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  let inTransaction = false;

  function sendNamed<R>(text: string, values: unknown[], retried = false): Promise<PostgresQueryResult<R>> {
    const name = names.nameOf(text, values.length);
    const sent = (name === undefined ? client.query(text, values) : client.query({ name, text, values })) as unknown as Promise<PostgresQueryResult<R>>;
    return sent.catch((error: unknown) => {
      if (name === undefined || !resultTypeChanged(error)) throw error;
      names.forget(text);
      if (inTransaction || retried) throw error;
      return sendNamed<R>(text, values, true);
    });
  }

  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(textOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (a streamed read) is a submittable of pg's own: passed on as it is.
    if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    if (opensTransaction(textOrCursor)) inTransaction = true;
    else if (endsTransaction(textOrCursor)) inTransaction = false;
    return sendNamed<R>(textOrCursor, [...(parameters ?? [])]);
  }

  return {
    query,
    release: () => {
      inTransaction = false;
      client.release();
    },
  };
}

/**
 * The pool as Kysely's PostgreSQL dialect takes it, its connections preparing what they run. One
 * wrapper per pg connection, so that Kysely, which keeps its own state per connection object, finds
 * the same one each time.
 */
export function preparingPool(pool: pg.Pool, names: StatementNames = createStatementNames()): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        wrapper = preparingClient(client, names);
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
