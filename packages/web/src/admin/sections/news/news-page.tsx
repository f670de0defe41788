import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { saveNewsSchema, type AdminNews, type AdminNewsSummary } from '@shop/shared/contracts/admin-content';
import { formatDateTime } from '@shop/shared/format/format';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { actionsColumn, useAdminCrud } from '../../components/crud';
import { CrudTextField } from '../../components/crud-text-field';
import type { DataTableColumn } from '../../components/data-table';
import {
  draftsOf,
  draftsToTranslations,
  emptyDrafts,
  type TranslationDrafts,
  translationMessages,
} from '../content/translations-editor';
import { TranslatedRecordsSection } from '../content/translated-records-section';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const NEWS_KEY = ['admin', 'news'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  startsAt: string;
  endsAt: string;
  isActive: boolean;
  skus: string;
  drafts: TranslationDrafts;
}

/** An ISO instant as the value of a datetime-local field (the browser's local time). */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fromLocalInput(value: string): string | null {
  return value === '' ? null : new Date(value).toISOString();
}

/** News items: the pop-up the shop shows, with texts per language, a period and linked products. */
export default function NewsPage() {
  const { t, ready } = useAdminMessages('admin-news', loaders);
  const api = useAdminApi();
  const news = useAdminQuery<AdminNewsSummary[]>(NEWS_KEY, '/admin/news');
  const crud = useAdminCrud<AdminNewsSummary, Draft, unknown, AdminNews>({
    queryKey: NEWS_KEY,
    path: '/admin/news',
    toBody: (value) => ({
      startsAt: fromLocalInput(value.startsAt),
      endsAt: fromLocalInput(value.endsAt),
      isActive: value.isActive,
      translations: draftsToTranslations(value.drafts),
      productSkus: [
        ...new Set(
          value.skus
            .split(/[\s,;]+/)
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ],
    }),
    schema: saveNewsSchema,
    rowId: (row) => row.id,
    savedText: () => ['admin-news:saved'],
    deletedText: () => ['admin-news:deleted'],
    fieldErrors: {
      messages: { ...translationMessages(t), start_after_end: t('fields.endAfterStart') },
      fieldOfCode: { ERR_PRODUCT_NOT_FOUND: 'productSkus' },
    },
  });

  if (!ready) return null;
  const columns: DataTableColumn<AdminNewsSummary>[] = [
    { id: 'title', header: t('columns.title'), render: (row) => row.title },
    {
      id: 'period',
      header: t('columns.period'),
      hideBelow: 'sm',
      render: (row) =>
        `${row.startsAt ? formatDateTime(row.startsAt) : t('always')} – ${row.endsAt ? formatDateTime(row.endsAt) : t('always')}`,
    },
    {
      id: 'status',
      header: t('columns.status'),
      render: (row) => (
        <Chip
          size="small"
          label={row.isActive ? t('active') : t('inactive')}
          color={row.isActive ? 'success' : 'default'}
          variant={row.isActive ? 'filled' : 'outlined'}
        />
      ),
    },
    {
      id: 'languages',
      header: t('columns.languages'),
      hideBelow: 'md',
      render: (row) => row.languages.map((l) => l.toUpperCase()).join(', '),
    },
    {
      id: 'products',
      header: t('columns.products'),
      hideBelow: 'md',
      align: 'right',
      render: (row) => row.productCount,
    },
    actionsColumn(t, {
      params: (row) => ({ name: row.title }),
      onEdit: (row) =>
        void crud.load(row.id, async () => {
          const full = await api.get<AdminNews>(`/admin/news/${row.id}`);
          return {
            startsAt: toLocalInput(full.startsAt),
            endsAt: toLocalInput(full.endsAt),
            isActive: full.isActive,
            skus: full.products.map((p) => p.sku).join('\n'),
            drafts: draftsOf(full.translations),
          };
        }),
      onDelete: crud.askDelete,
    }),
  ];
  return (
    <TranslatedRecordsSection
      t={t}
      crud={crud}
      empty={() => ({ startsAt: '', endsAt: '', isActive: true, skus: '', drafts: emptyDrafts() })}
      columns={columns}
      list={news}
      deleteMessage={(row) => t('deleteMessage', { name: row.title })}
    >
      {(draft, translations) => (
        <>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {(['startsAt', 'endsAt'] as const).map((key) => (
              <CrudTextField
                key={key}
                crud={crud}
                name={key}
                label={t(`fields.${key}`)}
                type="datetime-local"
                helper={t('fields.dateHelp')}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            ))}
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={draft.isActive}
                onChange={(event) => crud.setDraft({ isActive: event.target.checked })}
              />
            }
            label={t('fields.isActive')}
          />
          {translations}
          <TextField
            label={t('fields.products')}
            value={draft.skus}
            onChange={(event) => {
              crud.errors.clear('productSkus');
              crud.setDraft({ skus: event.target.value });
            }}
            {...crud.errors.props('productSkus', t('fields.productsHelp'))}
            multiline
            minRows={2}
            fullWidth
          />
        </>
      )}
    </TranslatedRecordsSection>
  );
}
