import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoonView } from '../../../components/coming-soon-view';
import { PageHeading } from '../../../components/page-heading';

/** Search results for `?q=` (by text) or `?sku=` (by item number). */
export function SearchResultsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const sku = params.get('sku');
  const query = params.get('q');
  return (
    <Box component="section">
      <PageHeading>
        {sku
          ? t('search.resultsForSku', { sku })
          : query
            ? t('search.resultsFor', { query })
            : t('routes.search')}
      </PageHeading>
      <ComingSoonView />
    </Box>
  );
}
