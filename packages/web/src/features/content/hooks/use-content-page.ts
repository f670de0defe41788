import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../../lib/api-client-context';
import { fetchContentPage } from '../api/content.api';

/** The content page at a path, in the current language (the server answers per Accept-Language). */
export function useContentPage(path: string) {
  const client = useApiClient();
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['contents', path, i18n.language],
    queryFn: ({ signal }) => fetchContentPage(client, path, signal),
    enabled: path.length > 0,
  });
}
