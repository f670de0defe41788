import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { CurrentShippingData } from '@shop/shared/contracts/shipping';
import { useTranslation } from 'react-i18next';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)', gap: 1, py: 0.25 }}>
      <Box component="dt" sx={{ m: 0, color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ m: 0, fontSize: '0.9rem' }}>
        {children}
      </Box>
    </Card>
  );
}

function country(name: string, code: string | null): string {
  return code ? `${name} (${code})` : name;
}

/**
 * Read-only personal data, billing information and, for home delivery, shipping information
 * (docs/product.md §2) of the customer the order is for.
 */
export function CheckoutReadonlyData({
  data,
  homeDelivery,
}: {
  data: CurrentShippingData;
  homeDelivery: boolean;
}) {
  const { t } = useTranslation();
  const { customer } = data;
  const billing = customer.billingAddress;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Section title={t('checkout.personalData')}>
        <Field label={t('checkout.name')} value={customer.name} />
        <Field label={t('checkout.email')} value={customer.email} />
        <Field label={t('checkout.taxNumber')} value={customer.taxNumber} />
        <Field label={t('checkout.companyRegistrationNumber')} value={customer.companyRegistrationNumber} />
      </Section>
      <Section title={t('checkout.billingData')}>
        <Field label={t('checkout.country')} value={country(billing.country, billing.countryCode)} />
        <Field label={t('checkout.zip')} value={billing.zip} />
        <Field label={t('checkout.city')} value={billing.city} />
        <Field label={t('checkout.address')} value={billing.aptSuite} />
      </Section>
      {homeDelivery && (
        <Section title={t('checkout.shippingData')}>
          <Field label={t('checkout.country')} value={country(data.country, data.countryCode)} />
          <Field label={t('checkout.zip')} value={data.zip} />
          <Field label={t('checkout.city')} value={data.city} />
          <Field label={t('checkout.address')} value={data.aptSuite} />
          <Field label={t('checkout.note')} value={data.note} />
        </Section>
      )}
    </Box>
  );
}
