import { useLocalPage } from './crud';
import { DataTable, type DataTableColumn } from './data-table';

/**
 * A back-office list the server sends whole (`{ items }`, e.g. API keys, webhooks), paged here
 * (useLocalPage): the query's rows, progress and error in a DataTable.
 */
export function WholeListTable<Row extends { id: number }>({
  label,
  columns,
  query,
  emptyText,
}: {
  label: string;
  columns: DataTableColumn<Row>[];
  query: { data?: { items: Row[] } | undefined; isFetching: boolean; error: unknown };
  emptyText: string;
}) {
  const paging = useLocalPage(query.data?.items);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={paging.rows}
      rowKey={(row) => row.id}
      {...paging.table}
      loading={query.isFetching}
      error={query.error}
      emptyText={emptyText}
    />
  );
}
