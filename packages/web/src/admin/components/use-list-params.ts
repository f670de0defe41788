import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's paging and filters kept in the URL query (so reload and back keep them): `page`
 * (1-based in the URL and the API, 0-based for the DataTable), `pageSize` and any filter keys.
 * Changing a filter goes back to the first page.
 */
export function useListParams(defaultPageSize = 25) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Math.min(100, Math.max(1, Number(params.get('pageSize')) || defaultPageSize));

  const update = useCallback(
    (changes: Record<string, string | number | null | undefined>, resetPage = true) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  return useMemo(
    () => ({
      page,
      pageSize,
      /** The value of one filter ('' when unset). */
      get: (key: string) => params.get(key) ?? '',
      /** Sets filters (null or '' removes one) and goes back to page 1. */
      set: (changes: Record<string, string | number | null | undefined>) => update(changes),
      /** The DataTable's rows, paging, progress and error from a page query. */
      table: <Row>(result: {
        data?: { items: Row[]; total: number; totalIsLowerBound?: boolean | undefined } | undefined;
        isFetching: boolean;
        error: unknown;
      }) => ({
        rows: result.data?.items,
        page: page - 1,
        pageSize,
        total: result.data?.total ?? 0,
        totalIsLowerBound: result.data?.totalIsLowerBound ?? false,
        onPageChange: (zeroBased: number) => update({ page: zeroBased + 1 }, false),
        onPageSizeChange: (size: number) => update({ pageSize: size, page: null }, false),
        loading: result.isFetching,
        error: result.error,
      }),
      /** The query for the API: page, pageSize and the given filter keys that are set. */
      query: (keys: string[]) => {
        const query: Record<string, string | number> = { page, pageSize };
        for (const key of keys) {
          const value = params.get(key);
          if (value) query[key] = value;
        }
        return query;
      },
    }),
    [page, pageSize, params, update],
  );
}
