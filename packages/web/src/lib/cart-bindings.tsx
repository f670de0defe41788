import type { UseMutationResult } from '@tanstack/react-query';
import type { CartAdditionResponse, SetProductQuantityResponse } from '@shop/shared/contracts/cart';
import { createContext, useContext } from 'react';

/**
 * What the rest of the web uses of the cart feature: the catalogue's quantities and add-to-cart,
 * the order history's "order again". Features never import each other (DESIGN.md rule 1), so
 * `app/` binds the cart feature's hooks here (features/cart/api/cart-bindings.ts) and the others
 * call them through these wrappers.
 */
export interface CartBindings {
  /** Pieces of each product in the cart, by SKU (empty while unknown or for anonymous visitors). */
  useCartQuantities(): ReadonlyMap<string, number>;
  /** Sets a product's quantity (0 removes the line), with its toasts. */
  useSetProductQuantity(): UseMutationResult<
    SetProductQuantityResponse,
    Error,
    { productSku: string; quantity: number },
    { before: number }
  >;
  /** Adds the lines of an earlier order to the cart. */
  useOrderAgain(): UseMutationResult<CartAdditionResponse, Error, number>;
}

export const CartBindingsContext = createContext<CartBindings | null>(null);

function useBindings(): CartBindings {
  const bindings = useContext(CartBindingsContext);
  if (!bindings) throw new Error('The cart bindings are not provided (app/app.tsx).');
  return bindings;
}

export function useCartQuantities(): ReadonlyMap<string, number> {
  return useBindings().useCartQuantities();
}

export function useSetProductQuantity() {
  return useBindings().useSetProductQuantity();
}

export function useOrderAgain() {
  return useBindings().useOrderAgain();
}
