import type { KyselyPlugin } from 'kysely';
import type { DatabaseHandle } from '../src/db/connection';

/**
 * A database handle that counts the SQL statements run through it (a Kysely plugin), for the tests
 * that hold a request to a fixed number of queries. `counter.queries` grows by one per statement.
 */
export function countingHandle(handle: DatabaseHandle): {
  handle: DatabaseHandle;
  counter: { queries: number };
} {
  const counter = { queries: 0 };
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      counter.queries += 1;
      return args.result;
    },
  };
  return { handle: { ...handle, db: handle.db.withPlugin(plugin) }, counter };
}
