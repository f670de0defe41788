import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import { useId, type ReactNode } from 'react';
import { CartAdditionReport } from './cart-addition-report';

/**
 * The report of lines put into the cart at once (an order again, an order list) in a dialog, open
 * while there is a `result`; `closeText` closes it, `children` are further actions beside it.
 */
export function CartAdditionDialog({
  result,
  title,
  closeText,
  onClose,
  children,
}: {
  result: CartAdditionResponse | null;
  title: string;
  closeText: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Dialog open={result !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{result && <CartAdditionReport result={result} />}</DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{closeText}</Button>
        {children}
      </DialogActions>
    </Dialog>
  );
}
