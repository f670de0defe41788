import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { PageHeading } from '../../components/page-heading';

/**
 * A route failed to render or its module failed to load (e.g. an old tab after a new release).
 * Offers a reload; the details stay in the console.
 */
export function RouteErrorView() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box role="alert" sx={{ maxWidth: 640, py: 4 }}>
      <PageHeading>{t('routeError.title')}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('routeError.text')}</Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('routeError.reload')}
      </Button>
    </Box>
  );
}
