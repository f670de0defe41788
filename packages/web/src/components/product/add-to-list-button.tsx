import PlaylistAdd from '@mui/icons-material/PlaylistAdd';
import Button from '@mui/material/Button';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderListSlots } from '../../lib/order-list-slots';

/**
 * "Add to list" under a product's cart button (docs/product.md §3.11): the button is part of the
 * product box; the menu behind it (the customer's lists, "New list…") loads on the first press.
 */
export function AddToListButton({ sku, name, quantity }: { sku: string; name: string; quantity: number }) {
  const { t } = useTranslation();
  const slots = useOrderListSlots();
  const buttonId = useId();
  const menuId = useId();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [used, setUsed] = useState(false);
  if (!slots) return null;
  const open = anchorEl !== null;
  return (
    <>
      <Button
        id={buttonId}
        size="small"
        variant="text"
        startIcon={<PlaylistAdd />}
        aria-label={t('listActions.addToListOf', { name })}
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open || undefined}
        onClick={(event) => {
          setAnchorEl(event.currentTarget);
          setUsed(true);
        }}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('listActions.addToList')}
      </Button>
      {used && (
        <Suspense fallback={null}>
          <slots.AddToListMenu
            sku={sku}
            name={name}
            quantity={quantity}
            anchorEl={anchorEl}
            labelledBy={buttonId}
            menuId={menuId}
            onClose={() => setAnchorEl(null)}
          />
        </Suspense>
      )}
    </>
  );
}
