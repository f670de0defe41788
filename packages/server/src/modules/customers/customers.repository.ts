import type { Kysely } from 'kysely';
import type { CustomerRow, Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function findCustomer(db: Db, customerId: number): Promise<CustomerRow | undefined> {
  return db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirst();
}

export async function findUserWithCurrentAddress(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'current_shipping_address_id'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** A shipping address with its customer. */
export async function findShippingAddressWithCustomer(db: Db, addressId: number) {
  return db
    .selectFrom('shipping_addresses')
    .innerJoin('customers', 'customers.id', 'shipping_addresses.customer_id')
    .select([
      'shipping_addresses.id',
      'shipping_addresses.zip',
      'shipping_addresses.city',
      'shipping_addresses.apt_suite',
      'shipping_addresses.country',
      'shipping_addresses.country_code',
      'shipping_addresses.logistics_cost',
      'shipping_addresses.note',
      'shipping_addresses.is_active',
      'customers.id as customer_id',
      'customers.agent_user_id',
      'customers.name as customer_name',
      'customers.email as customer_email',
      'customers.tax_number',
      'customers.company_registration_number',
      'customers.billing_country',
      'customers.billing_country_code',
      'customers.billing_zip',
      'customers.billing_city',
      'customers.billing_apt_suite',
    ])
    .where('shipping_addresses.id', '=', addressId)
    .executeTakeFirst();
}
