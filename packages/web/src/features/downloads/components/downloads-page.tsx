import TableChart from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadCard } from '../../../components/download-card';
import { MembersOnlyPage } from '../../../components/members-only-page';

/** GET /api/downloads/price-list.xlsx: the customer's own prices as a spreadsheet. */
export const PRICE_LIST_PATH = '/downloads/price-list.xlsx';

export interface DownloadsPageProps {
  /** The newspaper list (composed by app/ from the newspapers feature). */
  newspapers: ReactNode;
  /** Replaces the browser download (tests). */
  save?: (blob: Blob, fileName: string) => void;
}

function PriceListCard({ save }: Pick<DownloadsPageProps, 'save'>) {
  const { t } = useTranslation();
  return (
    <DownloadCard
      icon={TableChart}
      path={PRICE_LIST_PATH}
      fileName="price-list.xlsx"
      buttonText={t('downloads.priceListButton')}
      busyText={t('downloads.downloading')}
      maxWidth={880}
      save={save}
    >
      <Typography>{t('downloads.priceListText')}</Typography>
    </DownloadCard>
  );
}

/** /downloads: the current newspapers and the customer's own price list (logged-in users only). */
export function DownloadsPage({ newspapers, save }: DownloadsPageProps) {
  const { t } = useTranslation();
  const newspapersId = useId();
  const priceListId = useId();
  return (
    <MembersOnlyPage title={t('downloads.title')} intro={t('downloads.intro')}>
      <Box component="section" aria-labelledby={priceListId} sx={{ mb: 4 }}>
        <Typography id={priceListId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('downloads.priceListHeading')}
        </Typography>
        <PriceListCard save={save} />
      </Box>
      <Box component="section" aria-labelledby={newspapersId}>
        <Typography id={newspapersId} variant="h2" sx={{ fontSize: '1.35rem', mb: 1.5 }}>
          {t('downloads.newspapersHeading')}
        </Typography>
        {newspapers}
      </Box>
    </MembersOnlyPage>
  );
}
