import type { Generated, Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from './schema';

type Db = Kysely<Database>;
type UntypedRow = { id: Generated<number> } & Record<string, unknown>;

/** Tables whose rows the back office adds, changes and deletes whole, by their integer `id`. */
export type IdRowTable =
  | 'shipping_methods'
  | 'payment_methods'
  | 'delivery_routes'
  | 'holiday_periods'
  | 'shop_closed_windows'
  | 'newspapers'
  | 'categories'
  | 'manufacturers';

/**
 * The plain row access of one such table: find by `id` (all columns), insert (answering the new
 * id), update and delete by `id`.
 */
export function idRows<T extends IdRowTable>(table: T) {
  // Kysely cannot resolve the columns of a generic table name; the signatures carry the table's types.
  const untyped = (db: Db) => db as unknown as Kysely<Record<string, UntypedRow>>;
  const name: string = table;
  return {
    find: async (db: Db, id: number): Promise<Selectable<Database[T]> | undefined> =>
      (await untyped(db).selectFrom(name).selectAll().where('id', '=', id).executeTakeFirst()) as
        Selectable<Database[T]> | undefined,
    insert: async (db: Db, values: Insertable<Database[T]>): Promise<number> =>
      (
        await untyped(db)
          .insertInto(name)
          .values(values as Insertable<UntypedRow>)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    update: async (db: Db, id: number, values: Updateable<Database[T]>): Promise<void> => {
      await untyped(db).updateTable(name).set(values).where('id', '=', id).execute();
    },
    remove: async (db: Db, id: number): Promise<void> => {
      await untyped(db).deleteFrom(name).where('id', '=', id).execute();
    },
  };
}
