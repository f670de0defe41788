import { CompiledQuery, type Kysely, type KyselyPlugin, type RootOperationNode } from 'kysely';
import type { DialectName } from '../src/db/connection';
import type { Database } from '../src/db/schema';

/**
 * Runs `work` through a handle that records the statements it runs, then answers the plan of each
 * (SQLite: EXPLAIN QUERY PLAN, the detail lines; PostgreSQL: EXPLAIN, the lines), in order. On
 * PostgreSQL sequential scans are switched off while explaining: a test's few thousand rows would be
 * read whole; the plan that counts is the one taken when reading everything is expensive.
 */
export async function queryPlans(
  db: Kysely<Database>,
  dialect: DialectName,
  work: (captured: Kysely<Database>) => Promise<unknown>,
): Promise<string[]> {
  // A subquery passes through transformQuery too; only the statements that ran give a result.
  const seen = new Map<unknown, RootOperationNode>();
  const nodes: RootOperationNode[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      seen.set(args.queryId, args.node);
      return args.node;
    },
    transformResult: async (args) => {
      const node = seen.get(args.queryId);
      if (node) nodes.push(node);
      return args.result;
    },
  };
  await work(db.withPlugin(plugin));
  const plans: string[] = [];
  await db.connection().execute(async (conn) => {
    if (dialect === 'postgres') await conn.executeQuery(CompiledQuery.raw('SET enable_seqscan = off'));
    for (const node of nodes) {
      const compiled = db.getExecutor().compileQuery(node, { queryId: 'plan' } as never);
      const prefix = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
      const result = await conn.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(prefix + compiled.sql, [...compiled.parameters]),
      );
      plans.push(result.rows.map((row) => String(row.detail ?? row['QUERY PLAN'])).join('\n'));
    }
    if (dialect === 'postgres') await conn.executeQuery(CompiledQuery.raw('RESET enable_seqscan'));
  });
  return plans;
}
