import Close from '@mui/icons-material/Close';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A dialog that is a route of its own (login, registration, ...); closing it goes to `closeTo`. */
export function RouteDialog({
  title,
  children,
  closeTo = '/',
  maxWidth = 'sm',
}: {
  title: string;
  children: ReactNode;
  closeTo?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const titleId = useId();
  const close = () => void navigate(closeTo);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      <IconButton
        onClick={close}
        aria-label={t('dialog.close')}
        title={t('dialog.close')}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <Close />
      </IconButton>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
