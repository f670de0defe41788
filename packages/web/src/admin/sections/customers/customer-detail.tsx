import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { CustomerDetail } from '@shop/shared/contracts/admin-customers';
import { useAdminCommonMessages, useAdminMessages } from '../../admin-i18n';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SectionHeading } from '../../components/section-heading';
import { AccountCard } from './account-card';
import { AddressesCard } from './addresses-card';
import { CustomerAssortmentCard } from '../assortments/customer-assortment-card';
import { CompanyUsersCard } from './company-users-card';
import { CheckoutRulesCard } from './checkout-rules-card';
import { CustomerCard } from './customer-card';
import { DetailCard, useSaveCustomer } from './detail-card';
import { customerMessages } from './messages';
import { useRouteRecord } from '../../components/record-list';

/** One customer or agent account: data, pricing, agent link, payment methods, addresses, disable. */
export function CustomerDetailPage() {
  const { t, ready } = useAdminMessages('admin-customers', customerMessages);
  const { t: common } = useAdminCommonMessages();
  const { id: userId, query: detail } = useRouteRecord<CustomerDetail>(
    'customer',
    'userId',
    '/admin/customers',
  );
  const save = useSaveCustomer(userId);
  const [confirming, setConfirming] = useState(false);
  if (!ready) return null;
  const back = (
    <Button component={RouterLink} to="/admin/customers" startIcon={<ArrowBackOutlined />}>
      {common('common.back')}
    </Button>
  );
  if (!detail.data) {
    return (
      <Box>
        {back}
        {detail.error ? <Typography sx={{ mt: 2 }}>{t('notFound')}</Typography> : null}
      </Box>
    );
  }
  const data = detail.data;
  return (
    <Box>
      {back}
      <SectionHeading
        title={data.customer?.name ?? data.name}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Chip label={t(`kinds.${data.role}`)} />
            {data.isDisabled ? <Chip color="error" label={common('common.disabled')} /> : null}
            <Button
              variant="outlined"
              color={data.isDisabled ? 'primary' : 'error'}
              onClick={() => setConfirming(true)}
            >
              {data.isDisabled ? t('enable') : t('disable')}
            </Button>
          </Stack>
        }
      />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 5 }}>
          <Stack spacing={2}>
            <AccountCard
              key={`account-${data.userId}-${data.name}-${String(data.mustChangePassword)}`}
              detail={data}
              t={t}
            />
            {data.role === 'agent' ? (
              <DetailCard title={t('detail.agentCustomers')}>
                {data.agentCustomers.length === 0 ? (
                  <Typography color="text.secondary">{t('noAgentCustomers')}</Typography>
                ) : (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {data.agentCustomers.map((customer) => (
                      <li key={customer.id}>{customer.name}</li>
                    ))}
                  </Box>
                )}
              </DetailCard>
            ) : null}
          </Stack>
        </Grid>
        {data.customer ? (
          <Grid size={{ xs: 12, lg: 7 }}>
            <Stack spacing={2}>
              <CustomerCard key={`customer-${JSON.stringify(data.customer)}`} detail={data} t={t} />
              <CheckoutRulesCard key={`rules-${JSON.stringify(data.customer)}`} detail={data} t={t} />
              {data.role === 'customer' ? <CustomerAssortmentCard customerId={data.customer.id} /> : null}
              <AddressesCard detail={data} t={t} />
              {data.role === 'customer' ? <CompanyUsersCard detail={data} t={t} /> : null}
            </Stack>
          </Grid>
        ) : null}
      </Grid>
      <ConfirmDialog
        open={confirming}
        title={data.isDisabled ? t('enable') : t('disable')}
        message={t(data.isDisabled ? 'enableMessage' : 'disableMessage', {
          name: data.customer?.name ?? data.name,
        })}
        danger={!data.isDisabled}
        confirmLabel={data.isDisabled ? t('enable') : t('disable')}
        busy={save.isPending}
        onConfirm={() =>
          save.mutate({ disabled: !data.isDisabled }, { onSuccess: () => setConfirming(false) })
        }
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
