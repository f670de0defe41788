import Box from '@mui/material/Box';
import {
  QUOTE_STATUSES,
  type AdminQuoteListResponse,
  type QuoteSummary,
} from '@shop/shared/contracts/quotes';
import { formatMoney } from '@shop/shared/format/format';
import { type AdminT } from '../../admin-i18n';
import type { DataTableColumn } from '../../components/data-table';
import {
  DateRangeFilter,
  NameAndDetail,
  RecordTable,
  SelectFilter,
  useRecordPage,
} from '../../components/record-list';
import { SearchField } from '../../components/search-field';
import { SectionHeading } from '../../components/section-heading';
import { QuoteStatusChip } from './quote-status-chip';

const FILTER_KEYS = ['status', 'customer', 'from', 'to'];

/** The quote inbox: filters in the address (status, customer, day), paging, newest first. */
export function QuoteList({ t }: { t: AdminT }) {
  const { list, result: quotes } = useRecordPage<AdminQuoteListResponse>('quotes', FILTER_KEYS);

  const columns: DataTableColumn<QuoteSummary>[] = [
    {
      id: 'customer',
      header: t('columns.customer'),
      render: (row) => <NameAndDetail name={row.customerName} detail={row.requestedByName} />,
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) => <QuoteStatusChip status={row.status} t={t} />,
    },
    {
      id: 'lines',
      header: t('columns.lines'),
      hideBelow: 'sm',
      align: 'right',
      render: (row) => row.lineCount,
    },
    {
      id: 'validUntil',
      header: t('columns.validUntil'),
      hideBelow: 'md',
      render: (row) => row.validUntil ?? '—',
    },
    {
      id: 'total',
      header: t('columns.total'),
      align: 'right',
      render: (row) => (row.totalGross === null ? '—' : formatMoney(row.totalGross)),
    },
  ];

  return (
    <Box>
      <SectionHeading title={t('title')} />
      <RecordTable
        t={t}
        list={list}
        result={quotes}
        columns={columns}
        toolbar={
          <>
            <SelectFilter
              t={t}
              list={list}
              name="status"
              label={t('filters.status')}
              options={QUOTE_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
            />
            <SearchField
              label={t('filters.customer')}
              value={list.get('customer')}
              onChange={(customer) => list.set({ customer })}
              width={260}
            />
            <DateRangeFilter list={list} fromLabel={t('filters.from')} toLabel={t('filters.to')} />
          </>
        }
      />
    </Box>
  );
}
