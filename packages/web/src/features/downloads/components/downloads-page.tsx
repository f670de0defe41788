import Download from '@mui/icons-material/Download';
import TableChart from '@mui/icons-material/TableChartOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAllowedView } from '../../../components/not-allowed-view';
import { PageHeading } from '../../../components/page-heading';
import { currentLanguage } from '../../../i18n/i18n';
import { translateError } from '../../../lib/api-client';
import { authStore, useAuth } from '../../../lib/auth-store';
import { downloadFile } from '../../../lib/download-file';

/** GET /api/downloads/price-list.xlsx: the customer's own prices as a spreadsheet. */
export const PRICE_LIST_PATH = '/downloads/price-list.xlsx';

export interface DownloadsPageProps {
  /** The newspaper list (composed by app/ from the newspapers feature). */
  newspapers: ReactNode;
  /** Replaces the browser download (tests). */
  save?: (blob: Blob, fileName: string) => void;
}

function PriceListCard({ save }: Pick<DownloadsPageProps, 'save'>) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadFile({
        path: PRICE_LIST_PATH,
        fileName: 'price-list.xlsx',
        token: authStore.getToken(),
        language: currentLanguage(i18n),
        ...(save ? { save } : {}),
      });
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 2, md: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
        maxWidth: 880,
      }}
    >
      <TableChart
        sx={{ fontSize: 40, color: 'primary.main', display: { xs: 'none', sm: 'block' } }}
        aria-hidden
      />
      <Box sx={{ flex: 1 }}>
        <Typography>{t('downloads.priceListText')}</Typography>
        {state.error !== null && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {translateError(t, state.error)}
          </Alert>
        )}
      </Box>
      <Button
        variant="contained"
        onClick={() => void download()}
        disabled={state.busy}
        startIcon={state.busy ? <CircularProgress size={18} color="inherit" aria-hidden /> : <Download />}
        sx={{ flexShrink: 0 }}
      >
        {state.busy ? t('downloads.downloading') : t('downloads.priceListButton')}
      </Button>
    </Paper>
  );
}

/** /downloads: the current newspapers and the customer's own price list (logged-in users only). */
export function DownloadsPage({ newspapers, save }: DownloadsPageProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const newspapersId = useId();
  const priceListId = useId();
  const title = t('downloads.title');
  const appName = t('app.name');
  useEffect(() => {
    if (auth) document.title = `${title} | ${appName}`;
  }, [auth, title, appName]);
  if (!auth) return <NotAllowedView />;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Typography sx={{ mb: 3, maxWidth: 880 }}>{t('downloads.intro')}</Typography>
      <Box component="section" aria-labelledby={priceListId} sx={{ mb: 4 }}>
        <Typography id={priceListId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('downloads.priceListHeading')}
        </Typography>
        <PriceListCard save={save} />
      </Box>
      <Box component="section" aria-labelledby={newspapersId}>
        <Typography id={newspapersId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('downloads.newspapersHeading')}
        </Typography>
        {newspapers}
      </Box>
    </Box>
  );
}
