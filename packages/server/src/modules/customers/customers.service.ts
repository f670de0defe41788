import type { ExtendedCustomerResponse, ExtendedShippingAddress } from '@shop/shared/contracts/users';
import type { AppContext } from '../../app-context';
import { AppError } from '../../http/app-error';
import type { AuthUser } from '../../http/auth';
import * as repo from './customers.repository';
import { billingAddressOf } from './billing-address';
import { customerBasicsOf } from './customer-basics';

/**
 * GET /api/customers/{customerId}/extended.
 *
 * - A customer may read only itself: `customerData`. Any other id → 403 ERR_FORBIDDEN.
 * - An agent may name any of its own customers (customers.agent_user_id = the agent); the answer is
 *   `agentData`: the agent's name and its current shipping address with that address's customer
 *   (null while none is chosen, or when the address's customer is no longer the agent's).
 *   A customer that is not the agent's → 403 ERR_FORBIDDEN.
 * Unknown ids answer 403 as well, so the call never tells which customer ids exist.
 */
export async function getExtendedCustomerData(
  ctx: AppContext,
  user: AuthUser,
  customerId: number,
): Promise<ExtendedCustomerResponse['data']> {
  const db = ctx.database.db;
  if (user.isAgent) {
    const customer = await repo.findCustomer(db, customerId);
    if (!customer || customer.agent_user_id !== user.userId) throw new AppError('ERR_FORBIDDEN');
    const agent = await repo.findUserWithCurrentAddress(db, user.userId);
    if (!agent) throw new AppError('ERR_TOKEN_REVOKED');
    let currentShippingAddress: ExtendedShippingAddress | null = null;
    if (agent.current_shipping_address_id !== null) {
      const address = await repo.findShippingAddressWithCustomer(db, agent.current_shipping_address_id);
      if (address && address.agent_user_id === user.userId) {
        currentShippingAddress = {
          shippingAddressId: address.id,
          currentShippingAddress: true,
          zip: address.zip,
          city: address.city,
          aptSuite: address.apt_suite,
          country: address.country,
          countryCode: address.country_code,
          logisticsCost: address.logistics_cost,
          note: address.note,
          customer: {
            name: address.customer_name,
            email: address.customer_email,
            taxNumber: address.tax_number,
            companyRegistrationNumber: address.company_registration_number,
            billingAddress: billingAddressOf(address),
          },
        };
      }
    }
    return { agentData: { name: agent.name, currentShippingAddress } };
  }

  if (user.role !== 'customer' || user.customerId !== customerId) throw new AppError('ERR_FORBIDDEN');
  const customer = await repo.findCustomer(db, customerId);
  if (!customer) throw new AppError('ERR_FORBIDDEN');
  return {
    customerData: {
      ...customerBasicsOf(customer),
      billingAddress: billingAddressOf(customer),
    },
  };
}
