import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from './page-heading';

/** Shown for a path that is neither a screen nor a content page. */
export function NotFoundView() {
  const { t } = useTranslation();
  const title = t('notFound.title');
  const appName = t('app.name');
  useEffect(() => {
    document.title = `${title} | ${appName}`;
  }, [title, appName]);
  return (
    <Box sx={{ maxWidth: 640, py: 4 }}>
      <SearchOff sx={{ fontSize: 48, color: 'primary.main', mb: 1 }} aria-hidden />
      <PageHeading>{title}</PageHeading>
      <Typography sx={{ mb: 3 }}>{t('notFound.text')}</Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {t('notFound.home')}
      </Button>
    </Box>
  );
}
