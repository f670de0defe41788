import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { SectionHeading } from '../../components/section-heading';
import { DeliveryRoutes } from './delivery-routes-tab';
import { Holidays } from './holidays-tab';
import { PaymentMethods } from './payment-methods-tab';
import { ShippingMethods } from './shipping-methods-tab';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));
const TABS = ['shipping', 'payment', 'routes', 'holidays'] as const;
type TabName = (typeof TABS)[number];

/** Shipping and payment methods, delivery routes and holiday periods, one tab each. */
export default function LogisticsPage() {
  const { t, ready } = useAdminMessages('admin-logistics', loaders);
  const [params, setParams] = useSearchParams();
  if (!ready) return null;
  const tab: TabName = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as TabName)
    : 'shipping';
  return (
    <Box>
      <SectionHeading title={t('title')} />
      <Tabs
        value={tab}
        onChange={(_event, value: TabName) =>
          setParams(value === 'shipping' ? {} : { tab: value }, { replace: true })
        }
        aria-label={t('tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`${name}.tab`)} />
        ))}
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(`${tab}.help`)}
      </Typography>
      {tab === 'shipping' ? <ShippingMethods t={t} /> : null}
      {tab === 'payment' ? <PaymentMethods t={t} /> : null}
      {tab === 'routes' ? <DeliveryRoutes t={t} /> : null}
      {tab === 'holidays' ? <Holidays t={t} /> : null}
    </Box>
  );
}
