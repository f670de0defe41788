/**
 * PostgreSQL named prepared statements for the hot paths' queries (issue 18: fewer round trips and
 * less work per request on PostgreSQL). node-postgres sends an unnamed statement by default, which
 * PostgreSQL parses and plans on every execution; a named one is parsed once per connection and then
 * only bound and executed. Only the SQL texts registered here are named (the PreparedQuery queries
 * of db/prepared-query.ts, a small fixed set whose id lists are one array parameter), so the number
 * of statements a connection keeps stays bounded; every other query stays unnamed.
 */
const names = new Map<string, string>();

/** Registers a SQL text to run as a named statement on PostgreSQL; answers its name. */
export function registerNamedStatement(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `shop_q${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

/** The statement name of a registered SQL text, else undefined (run unnamed). */
export function namedStatementOf(text: string): string | undefined {
  return names.get(text);
}

interface QueryableClient {
  query: (...args: never[]) => unknown;
}

/**
 * Makes a pooled client run the registered texts as named statements. Kysely's PostgreSQL driver
 * calls `client.query(sql, parameters)`; such a call with a registered text becomes
 * `client.query({ name, text, values })`, anything else passes unchanged.
 */
export function useNamedStatements(client: QueryableClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name !== undefined) return query({ name, text, values });
    }
    return query(...args);
  };
}
