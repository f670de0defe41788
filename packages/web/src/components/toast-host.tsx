import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slide from '@mui/material/Slide';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastStore, useToasts, type Toast, type ToastStore } from '../lib/toast-store';

function ToastItem({ toast, store }: { toast: Toast; store: ToastStore }) {
  const { t } = useTranslation();
  const close = useCallback(() => store.dismiss(toast.id), [store, toast.id]);
  // Hovering or focusing a toast keeps it open (WCAG 2.2.1: timing adjustable).
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (toast.autoHideMs === null || paused) return;
    const timer = setTimeout(close, toast.autoHideMs);
    return () => clearTimeout(timer);
  }, [toast.autoHideMs, paused, close]);
  return (
    <Slide in direction="right" appear>
      <Alert
        severity={toast.severity}
        variant="filled"
        onClose={close}
        role={toast.severity === 'error' || toast.severity === 'warning' ? 'alert' : 'status'}
        slotProps={{ closeButton: { title: t('toasts.close'), 'aria-label': t('toasts.close') } }}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
        sx={{ boxShadow: 3, alignItems: 'center' }}
      >
        {t(toast.message.key, toast.message.params ?? {})}
      </Alert>
    </Slide>
  );
}

/** How long the live region is on the page, empty, before the toasts it was loaded for appear. */
export const LIVE_REGION_SETTLE_MS = 100;

/**
 * The toast stack, bottom-left (docs/product.md §8): success 5 s, warning 10 s, error until closed.
 *
 * Screen readers announce what is added to a live region that is already on the page, not a region
 * that arrives together with its text. So the host is a polite live region that stays on the page
 * (empty between toasts; the shell keeps the host once it has loaded), errors and warnings are also
 * alerts, and the toasts that were waiting while the host loaded appear a moment after it.
 */
export function ToastHost({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const toasts = useToasts(store);
  const [waiting, setWaiting] = useState<ReadonlySet<number>>(() => new Set(toasts.map((toast) => toast.id)));
  useEffect(() => {
    if (waiting.size === 0) return;
    const timer = setTimeout(() => setWaiting(new Set()), LIVE_REGION_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const shown = toasts.filter((toast) => !waiting.has(toast.id));
  return (
    <Box
      data-testid="toast-live-region"
      aria-live="polite"
      aria-relevant="additions text"
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        width: 'min(420px, calc(100vw - 32px))',
      }}
    >
      {shown.length > 0 && (
        <Box
          component="section"
          aria-label={t('toasts.regionLabel')}
          sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}
        >
          {shown.map((toast) => (
            <ToastItem key={toast.id} toast={toast} store={store} />
          ))}
        </Box>
      )}
    </Box>
  );
}
