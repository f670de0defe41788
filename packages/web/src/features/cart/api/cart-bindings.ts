import type { CartBindings } from '../../../lib/cart-bindings';
import { useOrderAgain, useSetProductQuantity } from './cart-mutations';
import { useCartQuantities } from './cart-queries';

/** The cart feature's hooks other parts of the web use, bound by app/ (lib/cart-bindings.tsx). */
export const cartBindings: CartBindings = {
  useCartQuantities,
  useSetProductQuantity: () => useSetProductQuantity(),
  useOrderAgain,
};
