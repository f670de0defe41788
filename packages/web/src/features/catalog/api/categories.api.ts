import { useQuery } from '@tanstack/react-query';
import type { CategoryTreeResponse } from '@shop/shared/contracts/categories';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api-client-context';

/** `GET /api/categories`: main categories with their subcategories, in the current language. */
export function useCategories() {
  const api = useApiClient();
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useQuery({
    queryKey: ['categories', language],
    queryFn: async ({ signal }) =>
      (await api.get<CategoryTreeResponse>('/categories', { signal }))?.data ?? [],
    staleTime: 10 * 60_000,
  });
}
