import type { BillingAddress } from '@shop/shared/contracts/users';

/** The billing columns of `customers` (and of the copy an order keeps in `orders`). */
export interface BillingColumns {
  billing_country: string;
  billing_country_code: string | null;
  billing_zip: string;
  billing_city: string;
  billing_apt_suite: string;
}

/** A customer's billing address as the API answers it, from a row with the billing columns. */
export function billingAddressOf(row: BillingColumns): BillingAddress {
  return {
    country: row.billing_country,
    countryCode: row.billing_country_code,
    zip: row.billing_zip,
    city: row.billing_city,
    aptSuite: row.billing_apt_suite,
  };
}
