import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type {
  CreateOrderListRequest,
  ImportOrderListResponse,
  MoveOrderListItemRequest,
  MoveOrderListItemResponse,
  OrderListDetail,
  OrderListItemInput,
  OrderListSummary,
} from '@shop/shared/contracts/order-lists';
import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { ApiError } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-client-context';
import { AuthStoreContext } from '../../../lib/auth-store';
import { useSignedInQuery } from '../../../lib/signed-in-query';

/**
 * Saved order lists (docs/product.md §3.11): the calls of /api/order-lists as TanStack Query
 * queries and mutations. Answers are checked by the shared contracts, loaded with the request.
 */
const contracts = () => import('@shop/shared/contracts/order-lists');
const cartContracts = () => import('@shop/shared/contracts/cart');

export const ORDER_LIST_KEYS = {
  all: ['order-lists'] as const,
  list: (listId: number) => ['order-lists', listId] as const,
};

/** The cart's query key (features/cart CART_KEYS.cart): the cart is fetched again after "to cart". */
const CART_QUERY_KEY = ['cart'] as const;

function refreshLists(queryClient: QueryClient, detail?: OrderListDetail): Promise<void> {
  if (detail) queryClient.setQueryData(ORDER_LIST_KEYS.list(detail.id), detail);
  return queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEYS.all, exact: true });
}

/** `GET /api/order-lists`. */
export function useOrderLists(enabled = true) {
  return useSignedInQuery<OrderListSummary[]>({
    queryKey: ORDER_LIST_KEYS.all,
    path: '/order-lists',
    schema: () => contracts().then((c) => c.orderListsResponseSchema),
    enabled,
  });
}

/** `GET /api/order-lists/{listId}`: the list with today's prices and stock. */
export function useOrderList(listId: number) {
  return useSignedInQuery<OrderListDetail>({
    queryKey: ORDER_LIST_KEYS.list(listId),
    path: `/order-lists/${listId}`,
    schema: () => contracts().then((c) => c.orderListDetailSchema),
    enabled: Number.isInteger(listId) && listId > 0,
    single: true,
  });
}

/** `POST /api/order-lists`: empty, with lines (the cart's, a product) or from an order. */
export function useCreateOrderList() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderListRequest) =>
      api.post<OrderListDetail>('/order-lists', body, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.orderListDetailSchema),
      }),
    onSuccess: (detail) => refreshLists(queryClient, detail),
  });
}

/** `PATCH /api/order-lists/{listId}`. */
export function useRenameOrderList(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api.patch<OrderListSummary>(
        `/order-lists/${listId}`,
        { name },
        { navigationScoped: false, schema: contracts().then((c) => c.orderListSummarySchema) },
      ),
    onSuccess: () =>
      Promise.all([
        refreshLists(queryClient),
        queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEYS.list(listId) }),
      ]),
  });
}

/** `DELETE /api/order-lists/{listId}`. */
export function useDeleteOrderList(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.delete(`/order-lists/${listId}`, {
        navigationScoped: false,
        schema: contracts().then((c) => c.deleteOrderListResponseSchema),
      }),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ORDER_LIST_KEYS.list(listId) });
      return refreshLists(queryClient);
    },
  });
}

/** `PUT /api/order-lists/{listId}/items`: the lines replace the saved ones. */
export function usePutOrderListItems(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: OrderListItemInput[]) =>
      api.put<OrderListDetail>(`/order-lists/${listId}/items`, items, {
        navigationScoped: false,
        schema: contracts().then((c) => c.orderListDetailSchema),
      }),
    onSuccess: (detail) => refreshLists(queryClient, detail),
  });
}

/**
 * `POST /api/order-lists/{listId}/move`: one line moves to another list of the customer (one
 * transaction on the server). The list shown takes the answer; the other list is read again.
 */
export function useMoveOrderListItem(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MoveOrderListItemRequest) =>
      api.post<MoveOrderListItemResponse>(`/order-lists/${listId}/move`, body, {
        navigationScoped: false,
        retry: false,
        schema: contracts().then((c) => c.moveOrderListItemResponseSchema),
      }),
    onSuccess: (answer) =>
      Promise.all([
        refreshLists(queryClient, answer.from),
        queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEYS.list(answer.to.id) }),
      ]),
    // Refused (e.g. the line was moved meanwhile): the list is read again.
    onError: () => queryClient.invalidateQueries({ queryKey: ORDER_LIST_KEYS.list(listId) }),
  });
}

/** `POST /api/order-lists/{listId}/import` with lines of SKU or barcode and quantity (text or pairs). */
export function useImportIntoOrderList() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { listId: number; lines: string | { code: string; quantity: number }[] }) =>
      api.post<ImportOrderListResponse>(
        `/order-lists/${input.listId}/import`,
        { lines: input.lines },
        {
          navigationScoped: false,
          retry: false,
          schema: contracts().then((c) => c.importOrderListResponseSchema),
        },
      ),
    onSuccess: (answer) => refreshLists(queryClient, answer.list),
  });
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `POST /api/order-lists/{listId}/import-file`: the file itself is the body (the API client only
 * sends JSON), with the session's token and language.
 */
export function useImportFileIntoOrderList(listId: number) {
  const authStore = useContext(AuthStoreContext);
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File): Promise<ImportOrderListResponse> => {
      const xlsx = /\.xlsx$/i.test(file.name);
      const headers: Record<string, string> = {
        'Content-Type': xlsx ? XLSX_TYPE : 'text/csv',
        'Accept-Language': i18n.language,
      };
      const token = authStore.getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      let response: Response;
      try {
        response = await fetch(`/api/order-lists/${listId}/import-file?format=${xlsx ? 'xlsx' : 'csv'}`, {
          method: 'POST',
          headers,
          body: file,
        });
      } catch {
        throw new ApiError('ERR_NO_RES', 0);
      }
      const body: unknown = await response.json().catch(() => null);
      if (!response.ok) {
        const failure = (body ?? {}) as { error?: string; params?: Record<string, string | number> };
        throw new ApiError(normaliseErrorCode(failure.error), response.status, failure.params ?? {});
      }
      const parsed = (await contracts()).importOrderListResponseSchema.safeParse(body);
      if (!parsed.success) throw new ApiError('ERR_UNKNOWN_ERROR', response.status);
      return parsed.data;
    },
    onSuccess: (answer) => refreshLists(queryClient, answer.list),
  });
}

/** `POST /api/order-lists/{listId}/to-cart`: not retried; the cart is fetched again. */
export function useOrderListToCart(listId: number) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<CartAdditionResponse>(`/order-lists/${listId}/to-cart`, undefined, {
        navigationScoped: false,
        retry: false,
        schema: cartContracts().then((c) => c.cartAdditionResponseSchema),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY, exact: true }),
  });
}
