import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@shop/shared/format/format';
import { currentLanguage } from '../../../i18n/i18n';
import { useAuth } from '../../../lib/auth-store';
import { userIdOfToken } from '../offline-flag';
import { removeOfflineCatalogue, syncCatalogue, syncProgress } from '../offline-store';
import { useOfflineStatus } from './offline-session';
import { useOnline } from './use-online';

/**
 * /profile/offline (issue 19): keep the catalogue on this device — products with the customer's
 * prices (an agent: the customer of its current shipping address), stock as of the sync, pack
 * barcodes — with the download's progress, update it (only the changes), or remove it.
 */
export function OfflinePage() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const online = useOnline();
  const userId = userIdOfToken(auth?.token ?? null) ?? 0;
  const { meta, queued } = useOfflineStatus(userId);
  const progress = useSyncExternalStore(syncProgress.subscribe, syncProgress.get);
  const busy = progress.phase === 'full' || progress.phase === 'delta';
  const language = currentLanguage(i18n);
  const sync = () => {
    if (auth) void syncCatalogue({ token: auth.token, language });
  };
  const percent =
    progress.total && progress.total > 0 ? Math.min(100, (progress.done / progress.total) * 100) : null;

  return (
    <Stack spacing={2} sx={{ maxWidth: 720 }}>
      <Typography>{t('offline.page.intro')}</Typography>
      <Box role="status" aria-live="polite">
        {meta?.complete ? (
          <Typography data-testid="offline-status">
            {t('offline.page.status', {
              count: formatNumber(meta.products),
              date: formatDateTime(meta.syncedAt),
            })}
          </Typography>
        ) : (
          <Typography>{t('offline.page.none')}</Typography>
        )}
        {queued > 0 && <Typography>{t('offline.queued', { count: queued })}</Typography>}
        {progress.phase === 'idle' && progress.changed > 0 && (
          <Typography>{t('offline.page.changed', { count: progress.changed })}</Typography>
        )}
      </Box>
      {busy && (
        <Box>
          <Typography id="offline-progress-label">
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
            aria-labelledby="offline-progress-label"
            variant={percent === null ? 'indeterminate' : 'determinate'}
            {...(percent === null ? {} : { value: percent })}
          />
        </Box>
      )}
      {progress.phase === 'failed' && progress.error && (
        <Alert severity="error">{t('offline.page.failed', { error: t(`errors.${progress.error}`) })}</Alert>
      )}
      {!online && <Alert severity="info">{t('offline.page.needsConnection')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="contained" onClick={sync} disabled={busy || !online || !auth}>
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
    </Stack>
  );
}
