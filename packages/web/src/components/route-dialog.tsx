import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import { useId, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { DialogCloseTitle } from './dialog-close-title';

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
  const navigate = useNavigate();
  const titleId = useId();
  const close = () => void navigate(closeTo);
  return (
    <Dialog open onClose={close} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      <DialogCloseTitle id={titleId} onClose={close}>
        {title}
      </DialogCloseTitle>
      <DialogContent>{children}</DialogContent>
    </Dialog>
  );
}
