import { type Compilable, type CompiledQuery, type Kysely, SqliteAdapter, createQueryId } from 'kysely';
import type { DialectName } from './connection';
import { registerNamedStatement } from './named-statements';
import type { Database } from './schema';

type Db = Kysely<Database>;

const SENTINEL = '\u0000prepared-query-argument\u0000';

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** Per parameter of the compiled SQL: the index of the argument it takes, or -1 for a constant. */
  slots: number[];
}

/**
 * A query of the hot paths built with Kysely and compiled once per dialect, then run with new
 * argument values on whatever handle it is given: the app's, a transaction's (a new Kysely instance
 * per transaction) or a test's counting one. Building and compiling a small query every time cost as
 * much CPU as running it (docs/decisions/0008-catalogue-read-model.md). The compiled SQL depends on the
 * dialect alone (no plugin of the project rewrites queries); it runs through the handle given (its
 * connection, transaction and plugins' view of the result), so a query counter still sees it.
 *
 * `build` is called once per dialect with stand-in arguments; each must reach the query as one bound
 * parameter unchanged (pass an id list as `idListParameter`, not as an array to encode). Compiling
 * checks that every argument became exactly one parameter.
 */
export class PreparedQuery<Args extends readonly unknown[], Row> {
  private readonly compiled = new Map<DialectName, Compiled<Row>>();

  constructor(
    private readonly arity: Args['length'],
    private readonly build: (db: Db, dialect: DialectName, args: Args) => Compilable<Row>,
  ) {}

  private compile(db: Db): Compiled<Row> {
    const dialect: DialectName = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
    let entry = this.compiled.get(dialect);
    if (entry === undefined) {
      const standIns = Array.from({ length: this.arity }, (_, index) => `${SENTINEL}${index}`);
      const query = this.build(db, dialect, standIns as unknown as Args).compile();
      const slots = query.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(SENTINEL) ? Number(value.slice(SENTINEL.length)) : -1,
      );
      for (let index = 0; index < this.arity; index += 1) {
        if (slots.filter((slot) => slot === index).length !== 1) {
          throw new Error(`prepared query: argument ${index} is not exactly one parameter of ${query.sql}`);
        }
      }
      // On PostgreSQL the text runs as a named prepared statement (db/named-statements.ts).
      if (dialect === 'postgres') registerNamedStatement(query.sql);
      entry = { query, slots };
      this.compiled.set(dialect, entry);
    }
    return entry;
  }

  async execute(db: Db, ...args: Args): Promise<Row[]> {
    const { query, slots } = this.compile(db);
    const parameters = slots.map((slot, index) => (slot < 0 ? query.parameters[index] : args[slot]));
    const result = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return result.rows;
  }

  async executeTakeFirst(db: Db, ...args: Args): Promise<Row | undefined> {
    return (await this.execute(db, ...args))[0];
  }
}
