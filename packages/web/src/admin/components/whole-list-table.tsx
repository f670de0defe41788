import { useLocalPage } from './crud';
import { DataTable, type DataTableColumn } from './data-table';

/** Where the rows come from: a query answering `{ items }`, or rows the page already holds. */
type WholeListSource<Row> =
  | { query: { data?: { items: Row[] } | undefined; isFetching: boolean; error: unknown } }
  | { rows: readonly Row[] | undefined; loading: boolean; error: unknown };

/**
 * A back-office list the server sends whole (e.g. API keys, webhooks, content pages), paged here
 * (useLocalPage): the rows, progress and error in a DataTable.
 */
export function WholeListTable<Row extends { id: number }>(
  props: {
    label: string;
    columns: DataTableColumn<Row>[];
    emptyText?: string;
  } & WholeListSource<Row>,
) {
  const { label, columns, emptyText } = props;
  const source =
    'query' in props
      ? { rows: props.query.data?.items, loading: props.query.isFetching, error: props.query.error }
      : props;
  const paging = useLocalPage(source.rows);
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={paging.rows}
      rowKey={(row) => row.id}
      {...paging.table}
      loading={source.loading}
      error={source.error}
      {...(emptyText === undefined ? {} : { emptyText })}
    />
  );
}
