import { keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query';
import { useAdminApi } from '../admin-api';

/**
 * What the back office reads with GET `path` (one record, or a list the server sends whole), under
 * `queryKey`; the request is cancelled with the query.
 */
export function useAdminQuery<Data>(
  queryKey: QueryKey,
  path: string,
  options: { enabled?: boolean; retry?: boolean } = {},
) {
  const api = useAdminApi();
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => api.get<Data>(path, { signal }),
    ...options,
  });
}

/**
 * A page of a filtered back-office list: GET `path` with `query` (the page and the filters from
 * the address, see useListParams) under `['admin', section, query]`, the last page kept on screen
 * while the next one loads.
 */
export function usePageQuery<Data>(section: string, path: string, query: Record<string, string | number>) {
  const api = useAdminApi();
  return useQuery({
    queryKey: ['admin', section, query],
    queryFn: ({ signal }) => api.get<Data>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
