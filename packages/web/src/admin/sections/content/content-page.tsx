import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  saveAdminContentPageSchema,
  type AdminContentPage,
  type AdminContentPageSummary,
} from '@shop/shared/contracts/admin-content';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { actionsColumn, useAdminCrud } from '../../components/crud';
import type { DataTableColumn } from '../../components/data-table';
import {
  draftsOf,
  draftsToTranslations,
  emptyDrafts,
  type TranslationDrafts,
  translationMessages,
} from './translations-editor';
import { TranslatedRecordsSection } from './translated-records-section';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const CONTENT_PAGES_KEY = ['admin', 'content-pages'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  path: string;
  sortOrder: string;
  drafts: TranslationDrafts;
}

/** Content pages (legal information, how to buy, contact …): path, order and texts per language. */
export default function ContentPagesPage() {
  const { t, ready } = useAdminMessages('admin-content', loaders);
  const api = useAdminApi();
  const pages = useAdminQuery<AdminContentPageSummary[]>(CONTENT_PAGES_KEY, '/admin/content-pages');
  const crud = useAdminCrud<AdminContentPageSummary, Draft, unknown, AdminContentPage>({
    queryKey: CONTENT_PAGES_KEY,
    path: '/admin/content-pages',
    toBody: (value) => ({
      path: value.path.trim(),
      sortOrder: value.sortOrder.trim() === '' ? 0 : Number(value.sortOrder),
      translations: draftsToTranslations(value.drafts),
    }),
    schema: saveAdminContentPageSchema,
    rowId: (row) => row.id,
    savedText: () => ['admin-content:saved'],
    deletedText: () => ['admin-content:deleted'],
    fieldErrors: {
      messages: { ...translationMessages(t), invalid_path: t('fields.pathHelp') },
      labels: { path: t('fields.path') },
      limits: { path: { max: 255 } },
    },
  });

  if (!ready) return null;
  const columns: DataTableColumn<AdminContentPageSummary>[] = [
    { id: 'title', header: t('columns.title'), render: (row) => row.title },
    {
      id: 'path',
      header: t('columns.path'),
      render: (row) => (
        <Link
          href={`/${row.path}`}
          target="_blank"
          rel="noopener"
          onClick={(event) => event.stopPropagation()}
        >
          /{row.path}
        </Link>
      ),
    },
    {
      id: 'languages',
      header: t('columns.languages'),
      hideBelow: 'sm',
      render: (row) => row.languages.map((l) => l.toUpperCase()).join(', '),
    },
    {
      id: 'order',
      header: t('columns.sortOrder'),
      hideBelow: 'md',
      align: 'right',
      render: (row) => row.sortOrder,
    },
    {
      id: 'updated',
      header: t('columns.updatedAt'),
      hideBelow: 'md',
      render: (row) => formatDateTime(row.updatedAt),
    },
    actionsColumn(t, {
      params: (row) => ({ name: row.title }),
      onEdit: (row) =>
        void crud.load(row.id, async () => {
          const full = await api.get<AdminContentPage>(`/admin/content-pages/${row.id}`);
          return { path: full.path, sortOrder: String(full.sortOrder), drafts: draftsOf(full.translations) };
        }),
      onDelete: crud.askDelete,
    }),
  ];

  return (
    <TranslatedRecordsSection
      t={t}
      crud={crud}
      empty={() => ({ path: '', sortOrder: '0', drafts: emptyDrafts() })}
      columns={columns}
      list={pages}
      deleteMessage={(row) => t('deleteMessage', { name: row.title, path: row.path })}
    >
      {(draft, translations) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('fields.path')}
              value={draft.path}
              onChange={(event) => crud.setDraft({ path: event.target.value.toLowerCase() })}
              required
              {...crud.errors.props('path', t('fields.pathHelp'))}
              sx={{ flexGrow: 1 }}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              label={t('fields.sortOrder')}
              type="number"
              value={draft.sortOrder}
              onChange={(event) => crud.setDraft({ sortOrder: event.target.value })}
              {...crud.errors.props('sortOrder')}
              sx={{ width: { sm: 160 } }}
              slotProps={{ htmlInput: { min: 0, step: 1 } }}
            />
          </Stack>
          {translations}
        </>
      )}
    </TranslatedRecordsSection>
  );
}
