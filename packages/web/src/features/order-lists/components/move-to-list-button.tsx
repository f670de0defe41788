import DriveFileMoveOutlined from '@mui/icons-material/DriveFileMoveOutlined';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast-store';
import { useMoveOrderListItem, useOrderLists } from '../api/order-lists-api';

/**
 * "Move to list…" on a line of a saved order list (docs/product.md §3.11): a menu of the customer's
 * other lists; choosing one moves the line there (its pieces join that list's line of the product).
 */
export function MoveToListButton({
  listId,
  sku,
  name,
  disabled,
}: {
  listId: number;
  sku: string;
  /** The product's name, for the button's label. */
  name: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const lists = useOrderLists(anchor !== null);
  const move = useMoveOrderListItem(listId);
  const others = (lists.data ?? []).filter((list) => list.id !== listId);

  const choose = (toListId: number) => {
    setAnchor(null);
    move.mutate(
      { sku, toListId },
      {
        onSuccess: (answer) => toast.success('orderLists.moved', { name, list: answer.to.name }),
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'ERR_VALIDATION' && error.params.max !== undefined)
            toast.error('orderLists.moveFull', { max: Number(error.params.max) });
          else if (error instanceof ApiError && error.code === 'ERR_PRODUCT_NOT_FOUND')
            toast.error('orderLists.moveGone', { name });
          else toast.apiError(error);
        },
      },
    );
  };

  return (
    <>
      <IconButton
        aria-label={t('orderLists.moveTo', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? true : undefined}
        disabled={disabled || move.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <DriveFileMoveOutlined />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': t('orderLists.moveToTitle', { name }) } }}
      >
        {lists.isPending && <MenuItem disabled>{t('orderLists.loading')}</MenuItem>}
        {lists.data && others.length === 0 && <MenuItem disabled>{t('orderLists.moveNoOther')}</MenuItem>}
        {others.map((list) => (
          <MenuItem key={list.id} onClick={() => choose(list.id)}>
            {list.name}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
