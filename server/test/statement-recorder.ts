import { type CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * Keeps the SQL of every statement sent through a Kysely instance it is plugged into
 * (`db.withPlugin(recorder)`), for tests of how many statements, and which, a call costs.
 */
export class StatementRecorder implements KyselyPlugin {
  private nodes: RootOperationNode[] = [];

  /** `db` compiles the statements as the shop's database would send them. */
  constructor(private readonly db: Database) {}

  transformQuery({ node }: { node: RootOperationNode }): RootOperationNode {
    this.nodes.push(node);
    return node;
  }

  transformResult<T>({ result }: { result: T }): Promise<T> {
    return Promise.resolve(result);
  }

  /** Forgets what was sent so far. */
  clear(): void {
    this.nodes = [];
  }

  /** The statements sent since the last `clear`. */
  statements(): string[] {
    return this.nodes.map((node) => this.compile(node).sql);
  }

  private compile(node: RootOperationNode): CompiledQuery {
    return this.db.getExecutor().compileQuery(node, createQueryId());
  }
}
