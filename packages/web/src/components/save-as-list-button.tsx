import PlaylistAddCheck from '@mui/icons-material/PlaylistAddCheck';
import Button from '@mui/material/Button';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderListSlots } from '../lib/order-list-slots';

/**
 * "Save the cart as a list" (`items`: the cart's lines) or "make a list from this order"
 * (`orderId`), docs/product.md §3.11. The dialog asking the name loads on the first press.
 */
export function SaveAsListButton({
  items,
  orderId,
}: {
  items?: { sku: string; quantity: number }[];
  orderId?: number;
}) {
  const { t } = useTranslation();
  const slots = useOrderListSlots();
  const [open, setOpen] = useState(false);
  if (!slots) return null;
  const label = orderId !== undefined ? t('listActions.saveOrderAsList') : t('listActions.saveCartAsList');
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PlaylistAddCheck />}
        disabled={orderId === undefined && (items?.length ?? 0) === 0}
        onClick={() => setOpen(true)}
      >
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <slots.SaveAsListDialog
            title={label}
            {...(items ? { items } : {})}
            {...(orderId !== undefined ? { orderId } : {})}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
