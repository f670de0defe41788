import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '@shop/shared/format/format';
import { currentLanguage } from '../../../i18n/i18n';
import type { ShippingAddress } from '@shop/shared/contracts/shipping';
import type { OfflineMeta } from '../offline-db';
import {
  actingCustomer,
  corrections,
  flushQueue,
  queuedChanges,
  readMetas,
  sharedSize,
  storedAnswer,
  storeRevision,
  syncKept,
  type Correction,
} from '../offline-store';

/** Delta syncs while the app stays open with a connection. */
const SYNC_EVERY_MS = 15 * 60_000;

export interface OfflineStatus {
  /** Every customer whose catalogue this device keeps. */
  metas: OfflineMeta[];
  /** The kept catalogue the offline answers use (the customer acted for), if any. */
  meta: OfflineMeta | undefined;
  /** Queued cart changes: all, and per customer. */
  queued: number;
  queuedBy: ReadonlyMap<number, number>;
  /** Customers' names, from the kept shipping addresses (an agent's customers). */
  names: ReadonlyMap<number, string>;
  /** The products stored once for all customers. */
  shared: { products: number; bytes: number };
}

const NO_STATUS: OfflineStatus = {
  metas: [],
  meta: undefined,
  queued: 0,
  queuedBy: new Map(),
  names: new Map(),
  shared: { products: 0, bytes: 0 },
};

async function readStatus(userId: number): Promise<OfflineStatus> {
  const [metas, meta, queue, addresses, shared] = await Promise.all([
    readMetas(userId),
    actingCustomer(userId),
    queuedChanges(userId),
    storedAnswer<ShippingAddress[]>(userId, 'get:/api/shipping-addresses'),
    sharedSize(userId),
  ]);
  const queuedBy = new Map<number, number>();
  for (const change of queue) queuedBy.set(change.customerId, (queuedBy.get(change.customerId) ?? 0) + 1);
  const names = new Map((addresses ?? []).map((address) => [address.customerId, address.customer.name]));
  return { metas, meta: meta ?? undefined, queued: queue.length, queuedBy, names, shared };
}

/** The stored catalogues and the queued cart changes, read again when the store changes. */
export function useOfflineStatus(userId: number): OfflineStatus {
  const revision = useSyncExternalStore(storeRevision.subscribe, storeRevision.get);
  const [status, setStatus] = useState<OfflineStatus>(NO_STATUS);
  useEffect(() => {
    let current = true;
    void readStatus(userId).then((next) => {
      if (current) setStatus(next);
    });
    return () => {
      current = false;
    };
  }, [userId, revision]);
  return status;
}

function CorrectionLine({ line, customer }: { line: Correction; customer: string | null }) {
  const { t } = useTranslation();
  const notes: string[] = [];
  if (line.error) notes.push(t(`errors.${line.error}`));
  if (!line.error && line.quantity !== line.requested)
    notes.push(t('offline.corrections.quantity', { requested: line.requested, quantity: line.quantity }));
  for (const warning of line.warnings) notes.push(t(`toasts.${warning}`));
  if (line.offlinePrice !== null && line.serverPrice !== null && line.serverPrice !== line.offlinePrice) {
    notes.push(
      t('offline.corrections.price', {
        before: formatMoney(line.offlinePrice),
        after: formatMoney(line.serverPrice),
      }),
    );
  }
  if (line.outOfStock) notes.push(t('offline.corrections.outOfStock'));
  return (
    <ListItem divider data-testid="offline-correction">
      <ListItemText
        primary={`${line.name} (${line.sku})`}
        secondary={customer ? `${customer}: ${notes.join(' · ')}` : notes.join(' · ')}
      />
    </ListItem>
  );
}

/**
 * The offline session of the user whose catalogue this device keeps: keeps TanStack Query running
 * without a connection (the offline answerer serves the calls), shows the banner with the data's
 * date while offline, sends the queued cart changes and syncs the catalogue whenever the connection
 * is there, and shows the server's corrections of the sent changes line by line.
 */
export function OfflineSession({
  token,
  userId,
  online,
}: {
  token: string;
  userId: number;
  online: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { meta, metas, queued, names } = useOfflineStatus(userId);
  // An agent keeping several customers sees whose catalogue and cart it is.
  const several = metas.length > 1;
  const customerName = meta && several ? (names.get(meta.customerId) ?? null) : null;
  const found = useSyncExternalStore(corrections.subscribe, corrections.get);
  const language = currentLanguage(i18n);

  // Queries and mutations must not pause without a connection: the stored data answers them.
  useEffect(() => {
    queryClient.setDefaultOptions({
      ...queryClient.getDefaultOptions(),
      queries: { ...queryClient.getDefaultOptions().queries, networkMode: 'always' },
      mutations: { ...queryClient.getDefaultOptions().mutations, networkMode: 'always' },
    });
  }, [queryClient]);

  const wasOffline = useRef(!online);
  useEffect(() => {
    if (!online) {
      wasOffline.current = true;
      return;
    }
    let current = true;
    const run = async () => {
      const returning = wasOffline.current;
      const sent = await flushQueue({ token, language });
      // What was shown offline gives way to the server's data.
      if (current && (sent || wasOffline.current)) {
        wasOffline.current = false;
        await queryClient.invalidateQueries();
      }
      // Starting, the session leaves the customers this page has just synced (the first "keep
      // offline" starts it); back online, every kept customer is brought up to date.
      await syncKept({ token, language }, { skipSyncedHere: !returning });
    };
    void run();
    const timer = setInterval(() => void syncKept({ token, language }), SYNC_EVERY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [online, token, language, queryClient]);

  return (
    <>
      {!online && meta && (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }} data-testid="offline-banner">
          {customerName
            ? t('offline.bannerFor', { customer: customerName, date: formatDateTime(meta.syncedAt) })
            : t('offline.banner', { date: formatDateTime(meta.syncedAt) })}
          {queued > 0 && ` ${t('offline.queued', { count: queued })}`}
        </Alert>
      )}
      {!online && !meta && metas.some((kept) => kept.complete) && (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }} data-testid="offline-banner">
          {t('offline.bannerNotKept')}
        </Alert>
      )}
      <Dialog
        open={found !== null}
        onClose={() => corrections.set(null)}
        aria-labelledby="offline-corrections-title"
      >
        <DialogTitle id="offline-corrections-title">{t('offline.corrections.title')}</DialogTitle>
        <DialogContent>
          {t('offline.corrections.intro')}
          <List dense>
            {(found ?? []).map((line, index) => (
              <CorrectionLine
                key={`${line.sku}-${index}`}
                line={line}
                customer={several ? (names.get(line.customerId) ?? null) : null}
              />
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => corrections.set(null)} autoFocus>
            {t('offline.corrections.close')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
