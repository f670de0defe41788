import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Snackbar from '@mui/material/Snackbar';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { loadMessages } from '../../../i18n/i18n';
import { useAuth } from '../../../lib/auth-store';
import { flagValue, parseFlag, subscribeFlag, userIdOfToken } from '../offline-flag';
import { registerServiceWorker } from '../register-service-worker';
import { useOnline } from './use-online';

// The offline store (IndexedDB) loads only for the user whose catalogue this device keeps.
const OfflineSession = lazy(() =>
  Promise.all([import('./offline-session'), loadMessages('catalog', 'feedback')]).then(([module]) => ({
    default: module.OfflineSession,
  })),
);

/**
 * The installable, offline-capable shop in the shell (issue 19), loaded once the first page is
 * idle: registers the service worker and offers a waiting new version with a reload button (never
 * swapped under the user); says so when the connection is gone; and, for the user whose catalogue
 * is kept on this device, runs the offline session (banner with the data's date, queued cart
 * changes, delta syncs).
 */
export function OfflineHost() {
  const { t } = useTranslation();
  const auth = useAuth();
  const online = useOnline();
  const [apply, setApply] = useState<(() => Promise<void>) | null>(null);

  useEffect(() => {
    void registerServiceWorker((activate) => setApply(() => activate)).catch(() => undefined);
  }, []);

  // The session starts as soon as the first "keep offline" ends (not at some later re-render).
  const flag = useSyncExternalStore(subscribeFlag, flagValue, () => null);
  const userId = userIdOfToken(auth?.token ?? null);
  const keeps = userId !== null && parseFlag(flag)?.userId === userId;

  return (
    <>
      {keeps && auth ? (
        <Suspense fallback={null}>
          <OfflineSession token={auth.token} userId={userId} online={online} />
        </Suspense>
      ) : (
        !online && (
          <Alert severity="warning" role="status" sx={{ borderRadius: 0 }}>
            {t('offline.bannerNoData')}{' '}
            {auth && (
              <Link component={RouterLink} to="/profile/offline" color="inherit">
                {t('offline.manage')}
              </Link>
            )}
          </Alert>
        )
      )}
      <Snackbar
        open={apply !== null}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        message={t('offline.updateReady')}
        action={
          <Button color="inherit" size="small" onClick={() => void apply?.()}>
            {t('offline.reload')}
          </Button>
        }
      />
    </>
  );
}
