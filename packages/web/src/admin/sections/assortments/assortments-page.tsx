import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminCategory } from '@shop/shared/contracts/admin-catalogue';
import type { AdminPage } from '@shop/shared/contracts/admin-common';
import type { CustomerListItem } from '@shop/shared/contracts/admin-customers';
import {
  assortmentInputSchema,
  type Assortment,
  type AssortmentInput,
  type AssortmentSummary,
} from '@shop/shared/contracts/assortments';
import { currentLanguage } from '../../../i18n/i18n';
import { useAdminApi } from '../../admin-api';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import {
  CrudDeleteDialog,
  CrudFormDialog,
  actionsColumn,
  useAdminCrud,
  type AdminCrud,
} from '../../components/crud';
import { CrudTextField } from '../../components/crud-text-field';
import { type DataTableColumn, SinglePageTable } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';
import { useAdminQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/** The list's query key: read by the list, refreshed after each change. */
const ASSORTMENTS_KEY = ['admin', 'assortments'];

interface CustomerOption {
  id: number;
  name: string;
}

/** The form's draft: SKUs and price groups as typed text, customers as chosen options. */
interface Draft {
  name: string;
  categoryIds: number[];
  includedSkus: string;
  excludedSkus: string;
  customers: CustomerOption[];
  priceGroups: string;
  [key: string]: unknown;
}

/** A text box of SKUs, separated by new lines, commas or spaces (the included and the excluded ones). */
function SkuListField({
  crud,
  name,
  label,
  helper,
}: {
  crud: AdminCrud<AssortmentSummary, Draft>;
  name: 'includedSkus' | 'excludedSkus';
  label: string;
  helper: string;
}) {
  return (
    <CrudTextField crud={crud} label={label} multiline minRows={2} maxRows={8} name={name} helper={helper} />
  );
}

/** Words of a text box: SKUs or price groups separated by new lines, commas or spaces. */
function words(text: string): string[] {
  return [...new Set(text.split(/[\s,;]+/).filter((word) => word.length > 0))];
}

const EMPTY: Draft = {
  name: '',
  categoryIds: [],
  includedSkus: '',
  excludedSkus: '',
  customers: [],
  priceGroups: '',
};

function draftOf(assortment: Assortment): Draft {
  return {
    name: assortment.name,
    categoryIds: assortment.categoryIds,
    includedSkus: assortment.includedSkus.join('\n'),
    excludedSkus: assortment.excludedSkus.join('\n'),
    customers: assortment.customers,
    priceGroups: assortment.priceGroups.join(', '),
  };
}

/**
 * Customer assortments (issue 17): what a customer may see and order. Categories (a main category
 * with its subcategories), SKUs included and excluded, and the customers and price groups that get
 * it; the list shows how many active products each holds.
 */
export default function AssortmentsPage() {
  const { t, ready } = useAdminMessages('admin-assortments', loaders);
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const api = useAdminApi();
  const assortments = useAdminQuery<AssortmentSummary[]>(ASSORTMENTS_KEY, '/admin/assortments');
  const categories = useAdminQuery<{ items: AdminCategory[] }>(
    ['admin', 'categories'],
    '/admin/catalogue/categories',
  );
  const [customerSearch, setCustomerSearch] = useState('');
  const customers = useQuery({
    queryKey: ['admin', 'assortments', 'customers', customerSearch],
    enabled: customerSearch.trim().length >= 2,
    queryFn: ({ signal }) =>
      api.get<AdminPage<CustomerListItem>>('/admin/customers', {
        signal,
        query: { q: customerSearch.trim(), kind: 'customer', pageSize: 20 },
      }),
  });
  const crud = useAdminCrud<AssortmentSummary, Draft, AssortmentInput, Assortment>({
    queryKey: ASSORTMENTS_KEY,
    path: '/admin/assortments',
    toBody: (draft) => ({
      name: draft.name.trim(),
      categoryIds: draft.categoryIds,
      includedSkus: words(draft.includedSkus),
      excludedSkus: words(draft.excludedSkus),
      customerIds: draft.customers.map((c) => c.id),
      priceGroups: words(draft.priceGroups),
    }),
    schema: assortmentInputSchema,
    rowId: (row) => row.id,
    savedText: (saved) => ['admin-assortments:saved', { name: saved.name, count: saved.productCount }],
    deletedText: (row) => ['admin-assortments:deleted', { name: row.name }],
    fieldErrors: {
      labels: {
        name: t('fields.name'),
        categoryIds: t('fields.categories'),
        includedSkus: t('fields.included'),
        excludedSkus: t('fields.excluded'),
        customerIds: t('fields.customers'),
        priceGroups: t('fields.priceGroups'),
      },
      limits: { name: { max: 200 } },
      fieldOfCode: { ERR_DUPLICATE: 'name', ERR_CATEGORY_NOT_FOUND: 'categoryIds' },
    },
  });

  if (!ready) return null;

  const categoryName = (category: AdminCategory) => {
    const names = category.translations;
    const own = names.find((n) => n.language === language) ?? names.find((n) => n.language === 'hu');
    return own?.name ?? category.slug;
  };
  const categoryById = new Map((categories.data?.items ?? []).map((c) => [c.id, c]));
  const categoryLabel = (id: number) => {
    const category = categoryById.get(id);
    if (!category) return String(id);
    const parent = category.parentId === null ? undefined : categoryById.get(category.parentId);
    return parent ? `${categoryName(parent)} › ${categoryName(category)}` : categoryName(category);
  };
  const categoryIds = [...categoryById.keys()].sort((a, b) =>
    categoryLabel(a).localeCompare(categoryLabel(b)),
  );
  const customerOptions: CustomerOption[] = (customers.data?.items ?? []).flatMap((row) =>
    row.customerId === null ? [] : [{ id: row.customerId, name: row.customerName ?? row.name }],
  );

  const columns: DataTableColumn<AssortmentSummary>[] = [
    { id: 'name', header: t('columns.name'), render: (row) => row.name },
    { id: 'products', header: t('columns.products'), align: 'right', render: (row) => row.productCount },
    {
      id: 'customers',
      header: t('columns.customers'),
      align: 'right',
      hideBelow: 'sm',
      render: (row) => row.customerCount,
    },
    {
      id: 'priceGroups',
      header: t('columns.priceGroups'),
      hideBelow: 'md',
      render: (row) => row.priceGroups.join(', '),
    },
    actionsColumn(t, {
      params: (row) => ({ name: row.name }),
      onEdit: (row) =>
        void crud.load(row.id, async () =>
          draftOf(await api.get<Assortment>(`/admin/assortments/${row.id}`)),
        ),
      onDelete: crud.askDelete,
    }),
  ];

  return (
    <Box>
      <SectionHeading title={t('title')} add={{ label: t('new'), onClick: () => crud.edit(null, EMPTY) }} />
      <Typography sx={{ mb: 2, maxWidth: '70ch' }}>{t('intro')}</Typography>
      <SinglePageTable
        label={t('title')}
        columns={columns}
        rows={assortments.data ?? []}
        query={assortments}
      />
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('newTitle') : t('editTitle'))} maxWidth="md">
        {(draft) => (
          <>
            <CrudTextField crud={crud} label={t('fields.name')} required name="name" />
            <Autocomplete
              multiple
              options={categoryIds}
              value={draft.categoryIds}
              getOptionLabel={categoryLabel}
              onChange={(_event, value) => crud.setDraft({ categoryIds: value })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('fields.categories')}
                  {...crud.errors.props('categoryIds', t('help.categories'))}
                />
              )}
            />
            <SkuListField
              crud={crud}
              name="includedSkus"
              label={t('fields.included')}
              helper={t('help.skus')}
            />
            <SkuListField
              crud={crud}
              name="excludedSkus"
              label={t('fields.excluded')}
              helper={t('help.excluded')}
            />
            <Autocomplete
              multiple
              options={customerOptions}
              value={draft.customers}
              filterOptions={(options) => options}
              isOptionEqualToValue={(option, value) => option.id === value.id}
              getOptionLabel={(option) => option.name}
              noOptionsText={t('help.customerSearch')}
              onInputChange={(_event, value) => setCustomerSearch(value)}
              onChange={(_event, value) => crud.setDraft({ customers: value })}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('fields.customers')}
                  {...crud.errors.props('customerIds', t('help.customers'))}
                />
              )}
            />
            <CrudTextField
              crud={crud}
              label={t('fields.priceGroups')}
              name="priceGroups"
              helper={t('help.priceGroups')}
            />
          </>
        )}
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={(row) => t('deleteMessage', { name: row.name })} />
    </Box>
  );
}
