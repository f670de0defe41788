import Alert from '@mui/material/Alert';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useShopState } from '../../../lib/shop-state';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage';

/** Which announced window the visitor has hidden (its start), so a later window shows again. */
const CLOSURE_NOTICE_DISMISSED_KEY = STORAGE_KEYS.closureNoticeDismissed;

const noSubscription = () => () => {};
const readDismissed = () => readStorage(CLOSURE_NOTICE_DISMISSED_KEY);

/** "2024-12-27T16:00" → "2024.12.27 16:00" (the date format of docs/product.md §1, the shop's local time). */
export function wallClock(value: string): string {
  return value.replace('T', ' ').replaceAll('-', '.');
}

/**
 * The advance notice of a closed window (a wholesaler tells its buyers before the closure): shown
 * in the shell on every page from `shop.closedNoticeDays` days before the window starts, with its
 * start and end in the shop's local time; the visitor may hide it for that window. Inside the
 * window the checkout's closed warning takes over.
 */
export function ClosureNotice() {
  const { t } = useTranslation();
  const shop = useShopState();
  const notice = shop.data?.notice ?? null;
  // Read outside render's state: a server-rendered page hydrates with nothing dismissed (its check
  // script has already hidden a dismissed notice, see ssr-pages.ts), then this reads the storage.
  const stored = useSyncExternalStore(noSubscription, readDismissed, () => null);
  const [dismissedNow, setDismissed] = useState<string | null>(null);
  const dismissed = dismissedNow ?? stored;
  if (!notice || dismissed === notice.startsAt) return null;
  const dismiss = () => {
    writeStorage(CLOSURE_NOTICE_DISMISSED_KEY, notice.startsAt);
    setDismissed(notice.startsAt);
  };
  return (
    <Alert
      severity="warning"
      role="status"
      data-testid="closure-notice"
      data-closure-start={notice.startsAt}
      onClose={dismiss}
      slotProps={{ closeButton: { title: t('closureNotice.dismiss') } }}
      closeText={t('closureNotice.dismiss')}
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      {t('closureNotice.text', { start: wallClock(notice.startsAt), end: wallClock(notice.endsAt) })}
    </Alert>
  );
}
