import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import { formatDateTime, formatNumber } from '@shop/shared/format/format';
import { CurrentMark } from '../../../components/current-mark';
import { currentLanguage } from '../../../i18n/i18n';
import { useAuth } from '../../../lib/auth-store';
import { useSetCurrentShippingAddress, useShippingAddresses } from '../../../lib/shipping-address-api';
import type { OfflineMeta } from '../offline-db';
import { userIdOfToken } from '../offline-flag';
import {
  removeCustomer,
  removeOfflineCatalogue,
  syncCatalogue,
  syncProgress,
  type SyncProgress,
} from '../offline-store';
import { useOfflineStatus } from './offline-session';
import { useOnline } from './use-online';

/** Bytes as "850 KB" or "3.2 MB" (decimal units, the user's number format). */
export function formatSize(bytes: number): string {
  return bytes < 1_000_000
    ? `${formatNumber(Math.max(1, Math.round(bytes / 1000)))} KB`
    : `${formatNumber(bytes / 1_000_000, 1, 1)} MB`;
}

/** The agent's customers, each with the address that selects it (the current one, else its first). */
export function customersOf(addresses: readonly ShippingAddress[]) {
  const byId = new Map<
    number,
    { customerId: number; name: string; address: ShippingAddress; current: boolean }
  >();
  for (const address of addresses) {
    const known = byId.get(address.customerId);
    if (!known) {
      byId.set(address.customerId, {
        customerId: address.customerId,
        name: address.customer.name,
        address,
        current: address.currentShippingAddress,
      });
    } else if (address.currentShippingAddress) {
      byId.set(address.customerId, { ...known, address, current: true });
    }
  }
  return [...byId.values()];
}

function SyncBar({ progress }: { progress: SyncProgress }) {
  const { t } = useTranslation();
  const percent =
    progress.total && progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : null;
  const id = `offline-progress-label-${progress.customerId ?? 0}`;
  return (
    <Box>
      <Typography id={id}>
        {progress.phase === 'full'
          ? t('offline.page.progressFull', {
              done: formatNumber(progress.done),
              total: progress.total === null ? '…' : formatNumber(progress.total),
            })
          : t('offline.page.progressDelta', {
              done: formatNumber(progress.done),
              total: formatNumber(progress.total ?? 0),
            })}
      </Typography>
      <LinearProgress
        aria-labelledby={id}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        {...(percent === null ? {} : { value: percent })}
      />
    </Box>
  );
}

/**
 * "N products stored, prices and stock as of …" of one customer's catalogue. `testId` marks the
 * stored state (the customer's page: only once stored, which the journeys and bench:offline wait for);
 * `noneTestId` the "not stored yet" line.
 */
function MetaLine({
  meta,
  testId,
  noneTestId,
}: {
  meta: OfflineMeta | undefined;
  testId: string;
  noneTestId?: string;
}) {
  const { t } = useTranslation();
  return meta?.complete ? (
    <Typography data-testid={testId}>
      {t('offline.page.status', { count: formatNumber(meta.products), date: formatDateTime(meta.syncedAt) })}
    </Typography>
  ) : (
    <Typography data-testid={noneTestId}>{t('offline.page.none')}</Typography>
  );
}

/**
 * /profile/offline (issue 19): keep the catalogue on this device — products with the customer's
 * prices, stock as of the sync, pack barcodes — with the download's progress, update it (only the
 * changes), or remove it. An agent keeps it for one or all of its customers: each customer with its
 * sync state and the size of its prices (the products are stored once for all), and the switch to
 * another kept customer, which also works without a connection.
 */
export function OfflinePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('offline.page.intro')}</Typography>
      {auth?.claims.isAgent ? <AgentOffline /> : <CustomerOffline />}
    </Stack>
  );
}

function useSync() {
  const { i18n } = useTranslation();
  const auth = useAuth();
  const language = currentLanguage(i18n);
  return (customerId: number) => {
    if (auth) void syncCatalogue({ token: auth.token, language, customerId });
  };
}

function CustomerOffline() {
  const { t } = useTranslation();
  const auth = useAuth();
  const online = useOnline();
  const userId = userIdOfToken(auth?.token ?? null) ?? 0;
  const customerId = Number(auth?.claims.id ?? 0);
  const { metas, queued } = useOfflineStatus(userId);
  const meta = metas.find((kept) => kept.customerId === customerId);
  const progress = useSyncExternalStore(syncProgress.subscribe, syncProgress.get);
  const busy = progress.phase === 'full' || progress.phase === 'delta';
  const sync = useSync();
  return (
    <>
      <Box role="status" aria-live="polite">
        <MetaLine meta={meta} testId="offline-status" />
        {queued > 0 && <Typography>{t('offline.queued', { count: queued })}</Typography>}
        {progress.phase === 'idle' && progress.changed > 0 && (
          <Typography>{t('offline.page.changed', { count: progress.changed })}</Typography>
        )}
      </Box>
      {busy && <SyncBar progress={progress} />}
      {progress.phase === 'failed' && progress.error && (
        <Alert severity="error">{t('offline.page.failed', { error: t(`errors.${progress.error}`) })}</Alert>
      )}
      {!online && <Alert severity="info">{t('offline.page.needsConnection')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          onClick={() => sync(customerId)}
          disabled={busy || !online || !auth || customerId <= 0}
        >
          {meta?.complete ? t('offline.page.update') : t('offline.page.keep')}
        </Button>
        {meta && (
          <Button
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => void removeOfflineCatalogue(userId)}
          >
            {t('offline.page.remove')}
          </Button>
        )}
      </Stack>
    </>
  );
}

/** The agent's customers, each kept offline or not. */
function AgentOffline() {
  const { t } = useTranslation();
  const auth = useAuth();
  const online = useOnline();
  const userId = userIdOfToken(auth?.token ?? null) ?? 0;
  const status = useOfflineStatus(userId);
  const progress = useSyncExternalStore(syncProgress.subscribe, syncProgress.get);
  const busy = progress.phase === 'full' || progress.phase === 'delta';
  const addresses = useShippingAddresses();
  const setCurrent = useSetCurrentShippingAddress();
  const [refused, setRefused] = useState<number | null>(null);
  const sync = useSync();
  const customers = customersOf(addresses.data ?? []);
  const metaOf = new Map(status.metas.map((meta) => [meta.customerId, meta]));
  const keptBytes = status.metas.reduce((sum, meta) => sum + meta.bytes, 0) + status.shared.bytes;

  return (
    <>
      <Typography>{t('offline.page.agentIntro')}</Typography>
      {addresses.isError && <Alert severity="error">{t('shippingAddress.loadError')}</Alert>}
      {!online && <Alert severity="info">{t('offline.page.needsConnection')}</Alert>}
      <Box role="status" aria-live="polite">
        {status.metas.length > 0 && (
          <Typography data-testid="offline-storage">
            {t('offline.page.storage', {
              customers: status.metas.length,
              products: formatNumber(status.shared.products),
              size: formatSize(keptBytes),
            })}
          </Typography>
        )}
        {progress.phase === 'idle' && progress.changed > 0 && (
          <Typography>{t('offline.page.changed', { count: progress.changed })}</Typography>
        )}
      </Box>
      {progress.phase === 'failed' && progress.error && (
        <Alert severity="error">{t('offline.page.failed', { error: t(`errors.${progress.error}`) })}</Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="contained"
          disabled={busy || !online || customers.length === 0}
          onClick={() => {
            for (const customer of customers) sync(customer.customerId);
          }}
        >
          {t('offline.page.keepAll')}
        </Button>
        {status.metas.length > 0 && (
          <Button
            variant="outlined"
            color="error"
            disabled={busy || status.queued > 0}
            onClick={() => void removeOfflineCatalogue(userId)}
          >
            {t('offline.page.removeAll')}
          </Button>
        )}
      </Stack>
      <Box
        component="ul"
        aria-label={t('offline.page.customers')}
        sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1 }}
      >
        {customers.map((customer) => {
          const meta = metaOf.get(customer.customerId);
          const queued = status.queuedBy.get(customer.customerId) ?? 0;
          const syncing = busy && progress.customerId === customer.customerId;
          return (
            <Card
              component="li"
              key={customer.customerId}
              variant="outlined"
              data-testid={`offline-customer-${customer.customerId}`}
              aria-label={customer.name}
              sx={{
                p: 1.5,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                borderColor: customer.current ? 'primary.main' : 'divider',
                borderWidth: customer.current ? 2 : 1,
              }}
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 500, flex: 1, minWidth: 0 }}>{customer.name}</Typography>
                {customer.current && <CurrentMark>{t('offline.page.actingFor')}</CurrentMark>}
              </Box>
              <Box>
                <MetaLine meta={meta} testId="offline-customer-status" noneTestId="offline-customer-status" />
                {meta?.complete && (
                  <Typography variant="body2" color="text.secondary">
                    {t('offline.page.customerSize', { size: formatSize(meta.bytes) })}
                  </Typography>
                )}
                {queued > 0 && <Typography>{t('offline.queued', { count: queued })}</Typography>}
                {refused === customer.customerId && (
                  <Typography color="error">{t('offline.page.removeQueued')}</Typography>
                )}
              </Box>
              {syncing && <SyncBar progress={progress} />}
              <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }} useFlexGap>
                <Button
                  size="small"
                  variant="outlined"
                  disabled={busy || !online}
                  aria-label={`${meta?.complete ? t('offline.page.update') : t('offline.page.keep')}: ${customer.name}`}
                  onClick={() => sync(customer.customerId)}
                >
                  {meta?.complete ? t('offline.page.update') : t('offline.page.keep')}
                </Button>
                {meta?.complete && !customer.current && (
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={setCurrent.isPending}
                    aria-label={`${t('offline.page.switch')}: ${customer.name}`}
                    onClick={() =>
                      setCurrent.mutate(customer.address.shippingAddressId, {
                        onSuccess: () => window.location.reload(),
                      })
                    }
                  >
                    {t('offline.page.switch')}
                  </Button>
                )}
                {meta && (
                  <Button
                    size="small"
                    color="error"
                    disabled={busy}
                    aria-label={`${t('offline.page.remove')}: ${customer.name}`}
                    onClick={() =>
                      void removeCustomer(userId, customer.customerId).then((removed) =>
                        setRefused(removed ? null : customer.customerId),
                      )
                    }
                  >
                    {t('offline.page.remove')}
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </Box>
    </>
  );
}
