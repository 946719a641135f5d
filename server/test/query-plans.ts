import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Database, DatabaseHandle } from '../db/database.ts';

/** Keeps every query a Kysely instance sends, unchanged. */
class QueryRecorder implements KyselyPlugin {
  readonly nodes: RootOperationNode[] = [];

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.nodes.push(node);
    return node;
  }

  transformResult<T>({ result }: { result: T }): Promise<T> {
    return Promise.resolve(result);
  }
}

/**
 * Runs `work` (typically a repository method) on the test database, then asks the database how it
 * would run each query that work sent: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with
 * sequential scans discouraged, since on a test's few rows a scan is cheaper than any index and
 * the planner would rightly choose it. Answers one plan per query, as text.
 */
export async function queryPlansOf(database: DatabaseHandle, work: (db: Database) => Promise<unknown>): Promise<string[]> {
  const recorder = new QueryRecorder();
  await work(database.db.withPlugin(recorder));
  const executor = database.db.getExecutor();
  const plans: string[] = [];
  await database.db.connection().execute(async (connection) => {
    if (database.dialect === 'postgres') await connection.executeQuery(CompiledQuery.raw('set enable_seqscan = off'));
    try {
      for (const node of recorder.nodes) {
        const query = executor.compileQuery(node, createQueryId());
        const explain = database.dialect === 'postgres' ? 'explain ' : 'explain query plan ';
        const result = await connection.executeQuery<Record<string, unknown>>(CompiledQuery.raw(explain + query.sql, [...query.parameters]));
        plans.push(result.rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n'));
      }
    } finally {
      if (database.dialect === 'postgres') await connection.executeQuery(CompiledQuery.raw('reset enable_seqscan'));
    }
  });
  return plans;
}
