import { createContext, useContext, type ComponentType } from 'react';

/**
 * What the rest of the web shows of the saved order lists (docs/product.md §3.11): the menu of
 * "add to list" under a product's cart button, the dialog of "save as a list" in the cart and in
 * the order history. Features never import each other (DESIGN.md rule 1), so app/ provides the
 * order-lists feature's lazily loaded components here; the buttons that open them
 * (components/product/add-to-list-button.tsx, components/save-as-list-button.tsx) are rendered by
 * the screens themselves, and without a provider (a component test) they render nothing.
 */
export interface AddToListMenuProps {
  sku: string;
  name: string;
  quantity: number;
  anchorEl: HTMLElement | null;
  labelledBy: string;
  menuId: string;
  onClose: () => void;
}

export interface SaveAsListDialogProps {
  title: string;
  items?: { sku: string; quantity: number }[];
  orderId?: number;
  onClose: () => void;
}

export interface OrderListSlots {
  /** The menu of the customer's lists and "New list…": the pieces go into a chosen list or a new one. */
  AddToListMenu: ComponentType<AddToListMenuProps>;
  /** Asks a name and saves the cart's lines (`items`) or an order's (`orderId`) as a new list. */
  SaveAsListDialog: ComponentType<SaveAsListDialogProps>;
}

export const OrderListSlotsContext = createContext<OrderListSlots | null>(null);

export function useOrderListSlots(): OrderListSlots | null {
  return useContext(OrderListSlotsContext);
}
