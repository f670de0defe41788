import { lazy } from 'react';
import { loadMessages } from '../../i18n/i18n';
import type { OrderListSlots } from '../../lib/order-list-slots';

/*
 * The order lists' components other screens open (lib/order-list-slots.tsx), bound by app/. Each
 * loads lazily, with its messages, when its button is first pressed: neither the first page nor the
 * product boxes carry them.
 */
export const orderListSlots: OrderListSlots = {
  AddToListMenu: lazy(() =>
    Promise.all([import('./components/add-to-list-menu'), loadMessages('catalog', 'feedback')]).then(
      ([module]) => ({ default: module.AddToListMenu }),
    ),
  ),
  SaveAsListDialog: lazy(() =>
    Promise.all([import('./components/save-as-list-dialog'), loadMessages('catalog', 'feedback')]).then(
      ([module]) => ({ default: module.SaveAsListDialog }),
    ),
  ),
};
