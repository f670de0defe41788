import type { CurrentShippingData, ShippingAddress } from '@shop/shared/contracts/shipping';
import { parseWeekdays } from '@shop/shared/rules/delivery-days';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import { requireShippingAddress, resolveActingCustomer } from './acting-customer.service';
import * as repo from './shipping-addresses.repository';
import type { AddressRow } from './shipping-addresses.repository';
import { billingAddressOf } from '../customers/billing-address';

function toAddress(row: AddressRow, currentId: number | null): ShippingAddress {
  return {
    shippingAddressId: row.id,
    currentShippingAddress: row.id === currentId,
    zip: row.zip,
    city: row.city,
    aptSuite: row.apt_suite,
    country: row.country,
    countryCode: row.country_code,
    logisticsCost: Number(row.logistics_cost),
    note: row.note,
    routeName: row.route_name,
    customerId: row.customer_id,
    customer: {
      name: row.customer_name,
      email: row.customer_email,
      taxNumber: row.tax_number,
      companyRegistrationNumber: row.company_registration_number,
      billingAddress: billingAddressOf(row),
    },
  };
}

/** The current address id as the list marks it, without failing for an agent that has none. */
async function currentAddressId(ctx: AppContext, auth: AuthUser): Promise<number | null> {
  try {
    return (await resolveActingCustomer(ctx, auth)).shippingAddressId;
  } catch (error) {
    if (error instanceof AppError && error.code === 'ERR_NO_CURRENT_SHIPPING') return null;
    throw error;
  }
}

/** GET /api/shipping-addresses: a customer's own active addresses; an agent's: all of its customers'. */
export async function listShippingAddresses(ctx: AppContext, auth: AuthUser): Promise<ShippingAddress[]> {
  const db = ctx.database.db;
  const current = await currentAddressId(ctx, auth);
  if (auth.role === 'agent') {
    const rows = await repo.findAddresses(db, { agentUserId: auth.userId });
    return rows.map((row) => toAddress(row, current));
  }
  if (auth.role !== 'customer' || auth.customerId === null) throw new AppError('ERR_FORBIDDEN');
  const rows = await repo.findAddresses(db, { customerId: auth.customerId });
  // A company login sees only the addresses it may use (none listed = all; issue 15).
  const allowed = new Set(await repo.findAllowedAddressIds(db, auth.userId));
  return rows
    .filter((row) => allowed.size === 0 || allowed.has(row.id))
    .map((row) => toAddress(row, current));
}

/**
 * POST /api/shipping-addresses/set-current. The address must be active and belong to the
 * customer (a customer user) or to one of the agent's customers; anything else, unknown ids
 * included, → 400 ERR_INVALID_SHIPPING_ADDRESS_ID and nothing changes.
 */
export async function setCurrentShippingAddress(
  ctx: AppContext,
  auth: AuthUser,
  addressId: number,
): Promise<void> {
  const db = ctx.database.db;
  if (auth.role !== 'agent' && (auth.role !== 'customer' || auth.customerId === null))
    throw new AppError('ERR_FORBIDDEN');
  const address = await repo.findAddress(db, addressId);
  const allowed =
    address !== undefined &&
    address.is_active === 1 &&
    (auth.role === 'agent' ? address.agent_user_id === auth.userId : address.customer_id === auth.customerId);
  if (!allowed) throw new AppError('ERR_INVALID_SHIPPING_ADDRESS_ID');
  if (auth.role === 'customer') {
    const permitted = await repo.findAllowedAddressIds(db, auth.userId);
    if (permitted.length > 0 && !permitted.includes(addressId)) throw new AppError('ERR_ADDRESS_NOT_ALLOWED');
  }
  await repo.setCurrentAddress(db, auth.userId, addressId, ctx.now().toISOString());
}

/** GET /api/shipping-addresses/get-current-data-extended */
export async function getCurrentShippingData(ctx: AppContext, auth: AuthUser): Promise<CurrentShippingData> {
  const acting = await resolveActingCustomer(ctx, auth);
  const addressId = requireShippingAddress(acting);
  const row = await repo.findAddress(ctx.database.db, addressId);
  if (!row) throw new AppError('ERR_NO_CURRENT_SHIPPING');
  const { routeName: _routeName, ...address } = toAddress(row, addressId);
  return {
    ...address,
    customerId: row.customer_id,
    route:
      row.route_name !== null && row.route_weekdays !== null
        ? {
            name: row.route_name,
            weekdays: parseWeekdays(row.route_weekdays),
            cutoffTime: row.route_cutoff_time ?? '14:00',
            routeTime: row.route_time,
          }
        : null,
  };
}
