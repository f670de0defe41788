import type { BillingAddress } from '@shop/shared/contracts/users';
import type { BillingAddressColumns } from '../../db/schema';

/** A customer's billing address as the API answers it, from a row with the billing columns. */
export function billingAddressOf(row: BillingAddressColumns): BillingAddress {
  return {
    country: row.billing_country,
    countryCode: row.billing_country_code,
    zip: row.billing_zip,
    city: row.billing_city,
    aptSuite: row.billing_apt_suite,
  };
}
