import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CustomerAssortment } from '@shop/shared/contracts/assortments';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { DetailCard } from '../customers/detail-card';
import { useAdminQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/**
 * The customer card's assortment (issue 17): which assortment the customer sees and whether it is
 * its own or its price group's; "whole catalogue" without one. Hidden for a role that may not read
 * assortments (the `catalogue` permission).
 */
export function CustomerAssortmentCard({ customerId }: { customerId: number }) {
  const { t, ready } = useAdminMessages('admin-assortments', loaders);
  const answer = useAdminQuery<CustomerAssortment>(
    ['admin', 'assortments', 'customer', customerId],
    `/admin/assortments/customer/${customerId}`,
    { retry: false },
  );
  if (!ready || !answer.data) return null;
  const assortment = answer.data.assortment;
  return (
    <DetailCard title={t('card.title')}>
      {assortment ? (
        <Typography>
          <Link component={RouterLink} to="/admin/assortments">
            {t(assortment.via === 'customer' ? 'card.viaCustomer' : 'card.viaPriceGroup', {
              name: assortment.name,
            })}
          </Link>
        </Typography>
      ) : (
        <Typography color="text.secondary">{t('card.none')}</Typography>
      )}
    </DetailCard>
  );
}
