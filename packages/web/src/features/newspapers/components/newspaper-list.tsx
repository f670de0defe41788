import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Newspaper } from '@shop/shared/contracts/newspapers';
import { formatDate } from '@shop/shared/format/format';
import { isLanguage } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-language-names';
import { errorCodeOf, translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { authStore, useAuth } from '../../../lib/auth-store';
import { downloadFile } from '../../../lib/download-file';
import { fetchNewspapers } from '../api/newspapers.api';

export interface NewspaperListProps {
  /** The heading level of each newspaper's title (2 on its own page, 3 inside a section). */
  titleLevel?: 'h2' | 'h3';
  /** Replaces the browser download (tests). */
  save?: (blob: Blob, fileName: string) => void;
}

function NewspaperCard({
  newspaper,
  titleLevel,
  save,
}: { newspaper: Newspaper } & Required<Pick<NewspaperListProps, 'titleLevel'>> &
  Pick<NewspaperListProps, 'save'>) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const validity = newspaper.validTo
    ? t('newspaper.validity', { from: formatDate(newspaper.validFrom), to: formatDate(newspaper.validTo) })
    : t('newspaper.validFrom', { from: formatDate(newspaper.validFrom) });
  const language =
    newspaper.language && isLanguage(newspaper.language) ? NATIVE_LANGUAGE_NAMES[newspaper.language] : null;

  const download = async () => {
    setState({ busy: true, error: null });
    try {
      await downloadFile({
        path: newspaper.downloadPath,
        fileName: newspaper.fileName,
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
      component="li"
      variant="outlined"
      sx={{
        p: { xs: 2, md: 2.5 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'stretch', sm: 'center' },
        gap: 2,
      }}
    >
      <PictureAsPdf
        sx={{ fontSize: 40, color: 'primary.main', display: { xs: 'none', sm: 'block' } }}
        aria-hidden
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography component={titleLevel} variant="h6" sx={{ fontSize: '1.1rem', lineHeight: 1.3 }}>
          {newspaper.title}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {validity}
        </Typography>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {language && <Chip size="small" variant="outlined" label={t('newspaper.language', { language })} />}
          {newspaper.kind === 'generated' && <Chip size="small" label={t('newspaper.generated')} />}
        </Box>
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
        aria-label={t('newspaper.downloadLabel', { title: newspaper.title })}
        sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
      >
        {state.busy ? t('newspaper.downloading') : t('newspaper.download')}
      </Button>
    </Paper>
  );
}

/**
 * The current newspapers with their validity and a download button each (logged-in users).
 * ERR_NO_CATALOGUES: "not yet uploaded" (info); ERR_GETTING_CATALOGUES and other failures: the
 * error with a retry button (docs/product.md §8).
 */
export function NewspaperList({ titleLevel = 'h2', save }: NewspaperListProps) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const auth = useAuth();
  const language = currentLanguage(i18n);
  const query = useQuery({
    queryKey: ['newspapers', language, auth?.claims.userId ?? null],
    queryFn: ({ signal }) => fetchNewspapers(client, signal),
    enabled: auth !== null,
    retry: false,
  });

  if (query.isPending) {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 3 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('newspaper.loading')}</Typography>
      </Box>
    );
  }
  if (query.isError) {
    if (errorCodeOf(query.error) === 'ERR_NO_CATALOGUES') {
      return <Alert severity="info">{t('errors.ERR_NO_CATALOGUES')}</Alert>;
    }
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('newspaper.retry')}
          </Button>
        }
      >
        {translateError(t, query.error)}
      </Alert>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, maxWidth: 880 }}>
      {query.data.map((newspaper) => (
        <NewspaperCard
          key={`${newspaper.kind}-${newspaper.id ?? newspaper.language}`}
          newspaper={newspaper}
          titleLevel={titleLevel}
          save={save}
        />
      ))}
    </Box>
  );
}
