import type { Insertable } from 'kysely';
import type { CustomersTable } from '../db/schema';
import { makeTaxNumber } from './hu-tax-number';

/** What a seeded Hungarian company customer is made of. */
export interface CompanyCustomerSeed {
  name: string;
  email: string;
  phone: string;
  /** The company registration number, null when the seed has none. */
  registration: string | null;
  /** The tax number's 7-digit base and county code (the VAT code is 2: a general VAT payer). */
  taxBase: string;
  county: string;
  billing: { zip: string; city: string; apt: string };
  agentUserId: number | null;
  discountBp: number;
  createdAt: string;
  updatedAt: string;
}

/** The customers row of a seeded company billed in Hungary (the demo seed and the large seed). */
export function companyCustomerRow(c: CompanyCustomerSeed): Insertable<CustomersTable> {
  return {
    name: c.name,
    email: c.email,
    phone: c.phone,
    is_company: 1,
    company_registration_number: c.registration,
    tax_number: makeTaxNumber(c.taxBase, 2, c.county),
    billing_country: 'Magyarország',
    billing_country_code: 'HU',
    billing_zip: c.billing.zip,
    billing_city: c.billing.city,
    billing_apt_suite: c.billing.apt,
    agent_user_id: c.agentUserId,
    price_group: null,
    customer_discount_bp: c.discountBp,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
  };
}
