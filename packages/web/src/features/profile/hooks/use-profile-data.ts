import { useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
import { fetchExtendedCustomer, fetchMe, fetchUserData, meQueryKey, parseMe } from '../api/profile.api';

/** What the own-data page shows (docs/product.md §2): the agent's name only for agents. */
export interface ProfileView {
  agentName: string | null;
  name: string | null;
  email: string | null;
  phone: string | null;
  taxNumber: string | null;
  companyRegistrationNumber: string | null;
}

export type ProfileState =
  | { status: 'pending' }
  | { status: 'error'; error: unknown }
  /** `noCustomer`: an agent who has not chosen a customer (shipping address) yet. */
  | { status: 'success'; view: ProfileView; noCustomer: boolean };

/** A customer's own record as the page shows it (no agent). */
function customerProfile(customer: Omit<ProfileView, 'agentName'>): ProfileState {
  return {
    status: 'success',
    noCustomer: false,
    view: {
      agentName: null,
      name: customer.name,
      email: customer.email,
      phone: customer.phone,
      taxNumber: customer.taxNumber,
      companyRegistrationNumber: customer.companyRegistrationNumber,
    },
  };
}

/**
 * The own data (docs/product.md §§6 and 7): a customer reads `GET /api/users/get-user-data`; an
 * agent never makes that call and reads `GET /api/customers/{id}/extended` for the customer it
 * currently works for (from `/api/auth/me`).
 */
export function useProfileData(): ProfileState {
  const auth = useAuth();
  const client = useApiClient();
  const token = auth?.token ?? null;
  const isAgent = auth?.claims.isAgent === true;

  const userData = useQuery({
    queryKey: ['users', 'get-user-data', token],
    queryFn: ({ signal }) => fetchUserData(client, signal),
    enabled: token !== null && !isAgent,
  });
  const me = useQuery({
    queryKey: meQueryKey(token),
    queryFn: ({ signal }) => fetchMe(client, signal),
    select: parseMe,
    enabled: token !== null && isAgent,
    staleTime: Infinity,
  });
  const customerId = me.data?.currentCustomerId ?? null;
  const extended = useQuery({
    queryKey: ['customers', customerId, 'extended', token],
    queryFn: ({ signal }) => fetchExtendedCustomer(client, customerId ?? 0, signal),
    enabled: token !== null && isAgent && customerId !== null,
  });

  if (!isAgent) {
    if (userData.isError) return { status: 'error', error: userData.error };
    if (!userData.data) return { status: 'pending' };
    return customerProfile(userData.data);
  }

  if (me.isError) return { status: 'error', error: me.error };
  if (!me.data) return { status: 'pending' };
  if (customerId === null) {
    return {
      status: 'success',
      noCustomer: true,
      view: {
        agentName: me.data.name,
        name: null,
        email: null,
        phone: null,
        taxNumber: null,
        companyRegistrationNumber: null,
      },
    };
  }
  if (extended.isError) return { status: 'error', error: extended.error };
  if (!extended.data) return { status: 'pending' };
  const data = extended.data;
  if ('customerData' in data) {
    // Only a customer token gets customerData; kept for completeness.
    return customerProfile(data.customerData);
  }
  const customer = data.agentData.currentShippingAddress?.customer ?? null;
  return {
    status: 'success',
    noCustomer: customer === null,
    view: {
      agentName: data.agentData.name,
      name: customer?.name ?? null,
      email: customer?.email ?? null,
      phone: null,
      taxNumber: customer?.taxNumber ?? null,
      companyRegistrationNumber: customer?.companyRegistrationNumber ?? null,
    },
  };
}
