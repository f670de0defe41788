import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema';

type Db = Kysely<Database>;
/** The tables whose rows have an integer `id`. */
type IdTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * One numeric column of the row with this `id`, as a number (PostgreSQL answers bigint columns as
 * strings); throws when there is no such row.
 */
export async function numberColumnOf<T extends IdTable>(
  db: Db,
  table: T,
  column: keyof Database[T] & string,
  id: number,
): Promise<number> {
  // Kysely cannot resolve the columns of a generic table name; the signature carries the table's types.
  const untyped = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const [name, selected]: [string, string] = [table, column];
  const row = await untyped.selectFrom(name).select(selected).where('id', '=', id).executeTakeFirstOrThrow();
  return Number(row[selected]);
}
