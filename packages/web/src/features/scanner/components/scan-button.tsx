import QrCodeScanner from '@mui/icons-material/QrCodeScanner';
import IconButton from '@mui/material/IconButton';
import { useTranslation } from 'react-i18next';
import { openScanner } from '../scan-store';

/** Opens the camera scanner (the scanner's code loads on the click). */
export function ScanButton() {
  const { t } = useTranslation();
  return (
    <IconButton
      color="inherit"
      aria-label={t('search.scan')}
      title={t('search.scan')}
      onClick={() => openScanner({ kind: 'camera' })}
    >
      <QrCodeScanner />
    </IconButton>
  );
}
