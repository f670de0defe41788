import PictureAsPdf from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Newspaper } from '@shop/shared/contracts/newspapers';
import { formatDate } from '@shop/shared/format/format';
import { isLanguage } from '@shop/shared/i18n/languages';
import { DownloadCard } from '../../../components/download-card';
import { currentLanguage } from '../../../i18n/i18n';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-language-names';
import { errorCodeOf, translateError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
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
  const { t } = useTranslation();
  const validity = newspaper.validTo
    ? t('newspaper.validity', { from: formatDate(newspaper.validFrom), to: formatDate(newspaper.validTo) })
    : t('newspaper.validFrom', { from: formatDate(newspaper.validFrom) });
  const language =
    newspaper.language && isLanguage(newspaper.language) ? NATIVE_LANGUAGE_NAMES[newspaper.language] : null;

  return (
    <DownloadCard
      component="li"
      icon={PictureAsPdf}
      path={newspaper.downloadPath}
      fileName={newspaper.fileName}
      buttonText={t('newspaper.download')}
      busyText={t('newspaper.downloading')}
      buttonLabel={t('newspaper.downloadLabel', { title: newspaper.title })}
      save={save}
    >
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
    </DownloadCard>
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
