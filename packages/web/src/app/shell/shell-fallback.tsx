import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { LogoMark } from '../../components/logo-mark';
import { ProgressBar } from '../../components/progress-bar';
import { SAND_BROWN } from '../theme';

/** Shown for the moment the first route module loads. */
export function ShellFallback() {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh' }}>
      <ProgressBar label={t('app.loading')} />
      <Box sx={{ bgcolor: SAND_BROWN, height: 64, display: 'flex', alignItems: 'center', px: 3 }}>
        <LogoMark size={44} />
      </Box>
    </Box>
  );
}
