import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** PostgreSQL's answer when a statement prepared before a change of its table's columns is run again. */
const resultTypeChanged = (error: unknown) =>
  error instanceof Error && (error as { code?: unknown }).code === '0A000' && /cached plan must not change result type/.test(error.message);

/**
 * The names of the statements prepared on PostgreSQL: one per distinct SQL text with parameters,
 * the same on every connection of the process, at most `limit` of them (the shop's queries are a few
 * hundred shapes; any beyond are sent unnamed, as before). A statement whose result changed shape
 * (a migration added a column to a table it reads with `*`) fails once, and is prepared again under a
 * new name the next time.
 */
export function createStatementNames(limit = 1000) {
  const names = new Map<string, string>();
  let made = 0;
  return {
    nameOf(text: string): string | undefined {
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

/**
 * A connection of the pool as Kysely sees it, with each query that has parameters sent as a named
 * prepared statement: PostgreSQL parses and plans it once per connection instead of on every call.
 * Parsing and planning were most of PostgreSQL's CPU in a checkout (issue 30, ADR 066). Statements
 * without parameters (BEGIN, COMMIT, a migration's several statements) go as they are.
 */
function preparingClient(client: pg.PoolClient, names: StatementNames): PostgresPoolClient {
  function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(textOrCursor: string | PostgresCursor<R>, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // A cursor (a streamed export) is a submittable of pg's own: passed on as it is.
    if (typeof textOrCursor !== 'string') return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const values = [...(parameters ?? [])];
    const name = values.length > 0 ? names.nameOf(textOrCursor) : undefined;
    const sent = name === undefined ? client.query(textOrCursor, values) : client.query({ name, text: textOrCursor, values });
    return (sent as Promise<PostgresQueryResult<R>>).catch((error: unknown) => {
      if (name !== undefined && resultTypeChanged(error)) names.forget(textOrCursor);
      throw error;
    });
  }
  return { query, release: () => client.release() };
}

/** The pool as Kysely's PostgreSQL dialect takes it, its connections preparing what they run. */
export function preparingPool(pool: pg.Pool, names: StatementNames = createStatementNames()): PostgresPool {
  return {
    connect: async () => preparingClient(await pool.connect(), names),
    end: () => pool.end(),
  };
}
