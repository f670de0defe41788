import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The cart side drawer opened from the header's cart button. */
export function CartDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: 'min(420px, 100vw)' },
        },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: '1.25rem' }}>
          {t('cart.drawerTitle')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('cart.close')} title={t('cart.close')}>
          <Close />
        </IconButton>
      </Box>
      <Box sx={{ p: 2 }}>
        <Typography>{t('cart.empty')}</Typography>
      </Box>
    </Drawer>
  );
}
