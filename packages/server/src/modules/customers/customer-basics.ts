/** The identity columns of `customers` that the shop and the back office both answer. */
export interface CustomerBasicColumns {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  is_company: number;
  tax_number: string | null;
  company_registration_number: string | null;
}

/** A customer's id, name, contact and company numbers as the API answers them. */
export function customerBasicsOf(row: CustomerBasicColumns) {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    isCompany: row.is_company === 1,
    taxNumber: row.tax_number,
    companyRegistrationNumber: row.company_registration_number,
  };
}
