import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';

/** Shown by screens that a later piece of work fills in. */
export function ComingSoonView() {
  const { t } = useTranslation();
  return (
    <Alert severity="info" variant="outlined" role="note" sx={{ maxWidth: 720, bgcolor: 'background.paper' }}>
      <AlertTitle>{t('comingSoon.title')}</AlertTitle>
      {t('comingSoon.text')}
    </Alert>
  );
}
