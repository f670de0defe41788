import Divider from '@mui/material/Divider';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { formatNumber } from '@shop/shared/format/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddToListMenuProps } from '../../../lib/order-list-slots';
import { useToast } from '../../../lib/toast-store';
import { useCreateOrderList, useImportIntoOrderList, useOrderLists } from '../api/order-lists-api';
import { ListNameDialog } from './list-name-dialog';

/**
 * The menu behind a product's "add to list" button: the customer's lists and "New list…". The
 * pieces shown in the quantity field are added to the chosen list (to the product's quantity there,
 * by the server's import), or a new list is made with them.
 */
export function AddToListMenu({
  sku,
  name,
  quantity,
  anchorEl,
  labelledBy,
  menuId,
  onClose,
}: AddToListMenuProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const [creating, setCreating] = useState(false);
  const open = anchorEl !== null;
  const lists = useOrderLists(open);
  const addTo = useImportIntoOrderList();
  const create = useCreateOrderList();
  const pieces = Math.max(1, quantity);
  const added = (listName: string) =>
    toast.success('listActions.addedToList', { quantity: formatNumber(pieces), name: listName });

  const add = (listId: number, listName: string) => {
    onClose();
    addTo.mutate(
      { listId, lines: [{ code: sku, quantity: pieces }] },
      {
        onSuccess: (answer) => {
          if (answer.added.length > 0) added(listName);
          else toast.error(`errors.${answer.rejected[0]?.reason ?? 'ERR_UNKNOWN_ERROR'}`);
        },
        onError: (error) => toast.apiError(error),
      },
    );
  };

  return (
    <>
      <Menu
        id={menuId}
        anchorEl={anchorEl}
        open={open}
        onClose={onClose}
        slotProps={{ list: { 'aria-labelledby': labelledBy } }}
      >
        {lists.isPending && <MenuItem disabled>{t('listActions.loading')}</MenuItem>}
        {lists.isError && <MenuItem disabled>{t('listActions.loadError')}</MenuItem>}
        {lists.data?.length === 0 && <MenuItem disabled>{t('listActions.noListsYet')}</MenuItem>}
        {lists.data?.map((list) => (
          <MenuItem key={list.id} onClick={() => add(list.id, list.name)}>
            {list.name}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            onClose();
            create.reset();
            setCreating(true);
          }}
        >
          {t('listActions.newListItem')}
        </MenuItem>
      </Menu>
      {creating && (
        <ListNameDialog
          open
          title={t('listActions.addToListOf', { name })}
          submitLabel={t('listActions.create')}
          pending={create.isPending}
          error={create.error}
          onClose={() => setCreating(false)}
          onSubmit={(listName) =>
            create.mutate(
              { name: listName, items: [{ sku, quantity: pieces }] },
              {
                onSuccess: (list) => {
                  setCreating(false);
                  added(list.name);
                },
              },
            )
          }
        />
      )}
    </>
  );
}
