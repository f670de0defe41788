import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

const LIST_COLUMNS = ['id', 'customer_id', 'name', 'version', 'created_at', 'updated_at'] as const;

/** The customer's lists with their number of lines, by name. */
export async function findListsOfCustomer(db: Db, customerId: number) {
  return db
    .selectFrom('order_lists')
    .select(LIST_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('order_list_items')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('order_list_items.list_id', '=', 'order_lists.id')
        .as('item_count'),
    )
    .where('customer_id', '=', customerId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** A list of this customer (undefined for an unknown list or another customer's). */
export async function findList(db: Db, listId: number, customerId: number) {
  return db
    .selectFrom('order_lists')
    .select(LIST_COLUMNS)
    .where('id', '=', listId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
}

export type ListRow = NonNullable<Awaited<ReturnType<typeof findList>>>;

export async function findItems(db: Db, listId: number) {
  return db
    .selectFrom('order_list_items')
    .select(['product_id', 'quantity', 'position'])
    .where('list_id', '=', listId)
    .orderBy('position')
    .execute();
}

export type ListItemRow = Awaited<ReturnType<typeof findItems>>[number];

export async function insertList(
  db: Db,
  values: { customerId: number; name: string; userId: number; nowIso: string },
): Promise<ListRow> {
  return db
    .insertInto('order_lists')
    .values({
      customer_id: values.customerId,
      name: values.name,
      created_by_user_id: values.userId,
      created_at: values.nowIso,
      updated_at: values.nowIso,
    })
    .returning(LIST_COLUMNS)
    .executeTakeFirstOrThrow();
}

/**
 * Bumps the version of a list of this customer (and renames it when a name is given). The update
 * takes the row's lock on PostgreSQL, so changes of one list's lines follow one another.
 * Undefined when the list is not the customer's.
 */
export async function touchList(
  db: Db,
  listId: number,
  customerId: number,
  nowIso: string,
  name?: string,
): Promise<ListRow | undefined> {
  return db
    .updateTable('order_lists')
    .set((eb) => ({
      version: eb('version', '+', 1),
      updated_at: nowIso,
      ...(name !== undefined ? { name } : {}),
    }))
    .where('id', '=', listId)
    .where('customer_id', '=', customerId)
    .returning(LIST_COLUMNS)
    .executeTakeFirst();
}

export async function deleteList(db: Db, listId: number, customerId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('order_lists')
    .where('id', '=', listId)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Replaces the lines of a list. */
export async function replaceItems(
  db: Db,
  listId: number,
  items: readonly { productId: number; quantity: number }[],
): Promise<void> {
  await db.deleteFrom('order_list_items').where('list_id', '=', listId).execute();
  if (items.length === 0) return;
  await db
    .insertInto('order_list_items')
    .values(
      items.map((item, position) => ({
        list_id: listId,
        product_id: item.productId,
        quantity: item.quantity,
        position,
      })),
    )
    .execute();
}
