import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { AdminT } from '../../admin-i18n';
import { CrudDeleteDialog, CrudFormDialog, type AdminCrud } from '../../components/crud';
import type { DataTableColumn } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';
import { WholeListTable } from '../../components/whole-list-table';
import { type TranslationDrafts, TranslationsEditor } from './translations-editor';

/**
 * A back-office section of records with texts per language (content pages, news): the heading
 * with its "new" button, the whole list, the form dialog and the delete confirmation. The form
 * gets the draft and the translations editor, to place among its own fields. The section's
 * messages have `title`, `create`, `tableLabel`, `empty`, `createTitle` and `editTitle`.
 */
export function TranslatedRecordsSection<
  Row extends { id: number },
  Draft extends FieldValues & { drafts: TranslationDrafts },
>({
  t,
  crud,
  empty,
  columns,
  list,
  deleteMessage,
  children,
}: {
  t: AdminT;
  crud: AdminCrud<Row, Draft>;
  /** The draft of a new record. */
  empty: () => Draft;
  columns: DataTableColumn<Row>[];
  list: { data?: Row[] | undefined; isFetching: boolean; error: unknown };
  deleteMessage: (row: Row) => ReactNode;
  children: (draft: Draft, translations: ReactNode) => ReactNode;
}) {
  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{ label: t('create'), onClick: () => crud.edit(null, empty()) }}
      />
      <WholeListTable
        label={t('tableLabel')}
        columns={columns}
        rows={list.data ?? []}
        loading={list.isFetching}
        error={list.error}
        emptyText={t('empty')}
      />
      <CrudFormDialog
        crud={crud}
        maxWidth="md"
        title={(isNew) => (isNew ? t('createTitle') : t('editTitle'))}
      >
        {(draft) =>
          children(
            draft,
            <TranslationsEditor
              t={t}
              drafts={draft.drafts}
              onChange={(drafts) => crud.setDraft({ drafts } as Partial<Draft>)}
              errors={crud.errors}
            />,
          )
        }
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={deleteMessage} />
    </Box>
  );
}
