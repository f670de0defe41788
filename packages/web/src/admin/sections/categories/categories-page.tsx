import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  categoryInputSchema,
  type AdminCategory,
  type CategoryInput,
} from '@shop/shared/contracts/admin-catalogue';
import { LANGUAGES, type Language } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { CrudDeleteDialog, CrudFormDialog, actionsColumn, useAdminCrud } from '../../components/crud';
import { CrudTextField } from '../../components/crud-text-field';
import type { DataTableColumn } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';
import { WholeListTable } from '../../components/whole-list-table';
import { useAdminQuery } from '../../components/use-admin-query';

/** The list's query key, defined once: read by the list and refreshed after each change. */
const CATEGORIES_KEY = ['admin', 'categories'];

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  slug: string;
  parentId: string;
  sortOrder: string;
  names: Record<Language, string>;
}

/** Categories (main categories and their subcategories) with a name in every language. */
export default function CategoriesPage() {
  const { t, ready } = useAdminMessages('admin-categories', loaders);
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const categories = useAdminQuery<{ items: AdminCategory[] }>(CATEGORIES_KEY, '/admin/catalogue/categories');

  const crud = useAdminCrud<AdminCategory, Draft, CategoryInput, AdminCategory>({
    queryKey: CATEGORIES_KEY,
    path: '/admin/catalogue/categories',
    toBody: (d) => ({
      slug: d.slug.trim(),
      parentId: d.parentId === '' ? null : Number(d.parentId),
      sortOrder: d.sortOrder.trim() === '' ? 0 : Number(d.sortOrder),
      translations: LANGUAGES.map((l) => ({ language: l, name: d.names[l].trim() })),
    }),
    schema: categoryInputSchema,
    rowId: (row) => row.id,
    savedText: (saved) => ['admin-categories:saved', { slug: saved.slug }],
    deletedText: (row) => ['admin-categories:deleted', { slug: row.slug }],
    fieldErrors: {
      labels: Object.fromEntries(
        LANGUAGES.map((l, i) => [`translations.${i}.name`, t('fields.name', { language: l.toUpperCase() })]),
      ),
      limits: Object.fromEntries(LANGUAGES.map((_l, i) => [`translations.${i}.name`, { max: 255 }])),
      messages: { invalid_slug: t('slugHelp') },
      fieldOfCode: { ERR_SLUG_TAKEN: 'slug', ERR_CATEGORY_PARENT: 'parentId' },
    },
  });
  const ordered = useMemo(() => {
    const items = categories.data?.items;
    // Main categories first, each followed by its subcategories.
    return items
      ?.filter((c) => c.parentId === null)
      .flatMap((main) => [main, ...items.filter((c) => c.parentId === main.id)]);
  }, [categories.data]);

  if (!ready) return null;

  const items = categories.data?.items ?? [];
  const nameOf = (c: AdminCategory | undefined) =>
    c
      ? (c.translations.find((tr) => tr.language === language)?.name ?? c.translations[0]?.name ?? c.slug)
      : '';
  const byId = new Map(items.map((c) => [c.id, c]));
  const draftOf = (c: AdminCategory | null): Draft => ({
    slug: c?.slug ?? '',
    parentId: c?.parentId ? String(c.parentId) : '',
    sortOrder: String(c?.sortOrder ?? 0),
    names: Object.fromEntries(
      LANGUAGES.map((l) => [l, c?.translations.find((tr) => tr.language === l)?.name ?? '']),
    ) as Record<Language, string>,
  });

  const columns: DataTableColumn<AdminCategory>[] = [
    {
      id: 'name',
      header: t('columns.name'),
      render: (row) => (row.parentId === null ? <strong>{nameOf(row)}</strong> : `— ${nameOf(row)}`),
    },
    { id: 'slug', header: t('columns.slug'), hideBelow: 'sm', render: (row) => <code>{row.slug}</code> },
    {
      id: 'parent',
      header: t('columns.parent'),
      hideBelow: 'md',
      render: (row) => nameOf(byId.get(row.parentId ?? -1)) || '—',
    },
    { id: 'products', header: t('columns.products'), align: 'right', render: (row) => row.productCount },
    actionsColumn(t, {
      params: (row) => ({ name: nameOf(row) }),
      onEdit: (row) => crud.edit(row.id, draftOf(row)),
      onDelete: crud.askDelete,
    }),
  ];

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{ label: t('new'), onClick: () => crud.edit(null, draftOf(null)) }}
      />
      <WholeListTable
        label={t('title')}
        columns={columns}
        rows={ordered}
        loading={categories.isFetching}
        error={categories.error}
      />
      <CrudFormDialog crud={crud} title={(isNew) => (isNew ? t('newTitle') : t('editTitle'))}>
        {(draft) => (
          <>
            {LANGUAGES.map((l, i) => (
              <TextField
                key={l}
                label={t('fields.name', { language: l.toUpperCase() })}
                value={draft.names[l]}
                onChange={(e) => {
                  crud.errors.clear(`translations.${i}.name`);
                  crud.setDraft({ names: { ...draft.names, [l]: e.target.value } });
                }}
                required
                {...crud.errors.props(`translations.${i}.name`)}
              />
            ))}
            <CrudTextField crud={crud} label={t('fields.slug')} required name="slug" helper={t('slugHelp')} />
            <CrudTextField
              crud={crud}
              select
              label={t('fields.parent')}
              name="parentId"
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            >
              <MenuItem value="">{t('mainCategory')}</MenuItem>
              {items
                .filter((c) => c.parentId === null && c.id !== crud.editing?.id)
                .map((c) => (
                  <MenuItem key={c.id} value={String(c.id)}>
                    {nameOf(c)}
                  </MenuItem>
                ))}
            </CrudTextField>
            <CrudTextField crud={crud} label={t('fields.sortOrder')} name="sortOrder" inputMode="numeric" />
          </>
        )}
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={(row) => t('deleteMessage', { name: nameOf(row) })} />
    </Box>
  );
}
