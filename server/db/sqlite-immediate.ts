import { CompiledQuery, type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

/**
 * better-sqlite3's driver with every transaction begun `BEGIN IMMEDIATE` (ADR 050). Kysely begins one
 * with a plain `BEGIN`, which is deferred: it reads first and asks for the write lock only at its first
 * write. When another process (WEB_CONCURRENCY, a script, the tests' second app) has committed a write
 * in between, SQLite cannot hand the lock to a reader whose snapshot is stale, and the write fails at
 * once with SQLITE_BUSY, the busy timeout never consulted. Every transaction of the shop writes, so
 * each takes the lock when it begins, waits for it there within the busy timeout, and then runs alone.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/** Kysely's SQLite dialect with its transactions begun `BEGIN IMMEDIATE`. */
export class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}
