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
import type { OfflineMeta } from '../offline-db';
import {
  corrections,
  flushQueue,
  queuedChanges,
  readMeta,
  storeRevision,
  syncCatalogue,
  type Correction,
} from '../offline-store';

/** Delta syncs while the app stays open with a connection. */
const SYNC_EVERY_MS = 15 * 60_000;

/** The stored catalogue's meta and the number of queued cart changes, read again when the store changes. */
export function useOfflineStatus(userId: number): { meta: OfflineMeta | undefined; queued: number } {
  const revision = useSyncExternalStore(storeRevision.subscribe, storeRevision.get);
  const [status, setStatus] = useState<{ meta: OfflineMeta | undefined; queued: number }>({
    meta: undefined,
    queued: 0,
  });
  useEffect(() => {
    let current = true;
    void Promise.all([readMeta(userId), queuedChanges(userId)]).then(([meta, queue]) => {
      if (current) setStatus({ meta, queued: queue.length });
    });
    return () => {
      current = false;
    };
  }, [userId, revision]);
  return status;
}

function CorrectionLine({ line }: { line: Correction }) {
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
      <ListItemText primary={`${line.name} (${line.sku})`} secondary={notes.join(' · ')} />
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
  const { meta, queued } = useOfflineStatus(userId);
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
      const sent = await flushQueue({ token, language });
      // What was shown offline gives way to the server's data.
      if (current && (sent || wasOffline.current)) {
        wasOffline.current = false;
        await queryClient.invalidateQueries();
      }
      await syncCatalogue({ token, language });
    };
    void run();
    const timer = setInterval(() => void syncCatalogue({ token, language }), SYNC_EVERY_MS);
    return () => {
      current = false;
      clearInterval(timer);
    };
  }, [online, token, language, queryClient]);

  return (
    <>
      {!online && meta && (
        <Alert severity="warning" role="status" sx={{ borderRadius: 0 }} data-testid="offline-banner">
          {t('offline.banner', { date: formatDateTime(meta.syncedAt) })}
          {queued > 0 && ` ${t('offline.queued', { count: queued })}`}
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
              <CorrectionLine key={`${line.sku}-${index}`} line={line} />
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
