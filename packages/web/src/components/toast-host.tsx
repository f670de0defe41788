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

/** The toast stack, bottom-left (spec section 8): success 5 s, warning 10 s, error until closed. */
export function ToastHost({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useTranslation();
  const toasts = useToasts(store);
  if (toasts.length === 0) return null;
  return (
    <Box
      component="section"
      aria-label={t('toasts.regionLabel')}
      sx={{
        position: 'fixed',
        left: 16,
        bottom: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
        width: 'min(420px, calc(100vw - 32px))',
      }}
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} store={store} />
      ))}
    </Box>
  );
}
