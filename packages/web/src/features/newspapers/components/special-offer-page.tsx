import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NotAllowedView } from '../../../components/not-allowed-view';
import { PageHeading } from '../../../components/page-heading';
import { useAuth } from '../../../lib/auth-store';
import { NewspaperList } from './newspaper-list';

/** /special-offer: the current special-offer newspapers to download (logged-in users only). */
export function SpecialOfferPage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const title = t('newspaper.title');
  const appName = t('app.name');
  useEffect(() => {
    if (auth) document.title = `${title} | ${appName}`;
  }, [auth, title, appName]);
  if (!auth) return <NotAllowedView />;
  return (
    <Box>
      <PageHeading>{title}</PageHeading>
      <Typography sx={{ mb: 3, maxWidth: 880 }}>{t('newspaper.intro')}</Typography>
      <NewspaperList />
    </Box>
  );
}
