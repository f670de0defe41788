import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminNewspaper,
  NEWSPAPER_MAX_BYTES,
  saveNewspaperSchema,
} from '@shop/shared/contracts/admin-content';
import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useAdminApi } from '../../admin-api';
import { adminAuthStore } from '../../admin-auth-store';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { actionsColumn, CrudDeleteDialog, CrudFormDialog, useAdminCrud } from '../../components/crud';
import { type DataTableColumn, SinglePageTable } from '../../components/data-table';
import { SectionHeading } from '../../components/section-heading';
import { useAdminQuery } from '../../components/use-admin-query';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

interface Draft {
  title: string;
  language: string;
  validFrom: string;
  validTo: string;
  file: File | null;
}

/** Sends the PDF as the raw request body (the API takes `application/pdf`, not a form). */
async function uploadPdf(draft: Omit<Draft, 'file'>, file: File, language: string): Promise<AdminNewspaper> {
  const query = new URLSearchParams({
    title: draft.title.trim(),
    language: draft.language,
    validFrom: draft.validFrom,
    validTo: draft.validTo,
    fileName: file.name,
  });
  const token = adminAuthStore.getToken();
  const response = await fetch(`/api/admin/newspapers?${query.toString()}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/pdf',
      'Accept-Language': language,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as { error?: unknown } | AdminNewspaper | null;
  if (!response.ok) {
    const code = normaliseErrorCode(body && 'error' in body ? body.error : undefined);
    if (response.status === 401) adminAuthStore.signOut('expired');
    throw new ApiError(code, response.status);
  }
  return body as AdminNewspaper;
}

function sizeText(bytes: number | null): string {
  if (bytes === null) return '—';
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

type SaveNewspaperBody = Omit<Draft, 'file'>;

/** What is wrong with the chosen file of a new newspaper (message keys), if anything. */
function fileProblems(id: number | string | null, file: File | null) {
  if (id !== null) return [];
  const problem = !file
    ? 'no_file'
    : file.size > NEWSPAPER_MAX_BYTES
      ? 'file_too_large'
      : !/\.pdf$/i.test(file.name)
        ? 'not_pdf'
        : null;
  return problem ? [{ path: ['file'], message: problem }] : [];
}

/** Special-offer newspapers: PDF uploads with a validity period; the shop lists the current ones. */
/** The list's query key, defined once: read by the list and refreshed after each change. */
const NEWSPAPERS_KEY = ['admin', 'newspapers'];

export default function NewspapersPage() {
  const { t, ready } = useAdminMessages('admin-newspapers', loaders);
  const { i18n } = useTranslation();
  const api = useAdminApi();
  const toast = useAdminToast();
  const fileInput = useRef<HTMLInputElement>(null);
  const papers = useAdminQuery<AdminNewspaper[]>(NEWSPAPERS_KEY, '/admin/newspapers');
  const crud = useAdminCrud<AdminNewspaper, Draft, SaveNewspaperBody, AdminNewspaper>({
    queryKey: NEWSPAPERS_KEY,
    path: '/admin/newspapers',
    toBody: (value) => ({
      title: value.title.trim(),
      language: value.language,
      validFrom: value.validFrom,
      validTo: value.validTo,
    }),
    schema: saveNewspaperSchema,
    extraIssues: (value, id) => fileProblems(id, value.file),
    send: (id, body, value) =>
      id === null && value.file
        ? uploadPdf(body, value.file, currentLanguage(i18n))
        : api.put<AdminNewspaper>(`/admin/newspapers/${id}`, body, { retry: false }),
    rowId: (row) => row.id,
    savedText: () => ['admin-newspapers:saved'],
    deletedText: () => ['admin-newspapers:deleted'],
    fieldErrors: {
      labels: { title: t('fields.title') },
      limits: { title: { max: 255 } },
      messages: {
        start_after_end: t('fields.toAfterFrom'),
        no_file: t('fields.noFile'),
        file_too_large: t('fields.fileTooLarge'),
        not_pdf: t('fields.notPdf'),
      },
      fieldOfCode: { ERR_NOT_A_PDF: 'file', ERR_FILE_TOO_LARGE: 'file' },
    },
  });

  if (!ready) return null;
  const today = new Date().toISOString().slice(0, 10);
  const rows = papers.data ?? [];
  const columns: DataTableColumn<AdminNewspaper>[] = [
    { id: 'title', header: t('columns.title'), render: (row) => row.title },
    {
      id: 'language',
      header: t('columns.language'),
      hideBelow: 'sm',
      render: (row) => (row.language ? t(`languages.${row.language}`) : t('allLanguages')),
    },
    { id: 'valid', header: t('columns.valid'), render: (row) => `${row.validFrom} – ${row.validTo}` },
    {
      id: 'state',
      header: t('columns.state'),
      render: (row) => {
        const state = row.validTo < today ? 'expired' : row.validFrom > today ? 'upcoming' : 'current';
        return (
          <Chip
            size="small"
            label={t(`state.${state}`)}
            color={state === 'current' ? 'success' : 'default'}
            variant={state === 'current' ? 'filled' : 'outlined'}
          />
        );
      },
    },
    {
      id: 'file',
      header: t('columns.file'),
      hideBelow: 'md',
      render: (row) => `${row.fileName} · ${sizeText(row.size)}`,
    },
    actionsColumn(t, {
      params: (row) => ({ name: row.title }),
      onEdit: (row) =>
        crud.edit(row.id, {
          title: row.title,
          language: row.language ?? '',
          validFrom: row.validFrom,
          validTo: row.validTo,
          file: null,
        }),
      onDelete: crud.askDelete,
      extra: (row) => (
        <Button
          size="small"
          onClick={() =>
            void downloadFile({
              path: row.downloadPath,
              fileName: row.fileName,
              token: adminAuthStore.getToken(),
              language: currentLanguage(i18n),
            }).catch((error: unknown) => toast.apiError(error))
          }
          aria-label={t('downloadFor', { name: row.title })}
        >
          {t('download')}
        </Button>
      ),
    }),
  ];
  return (
    <Box>
      <SectionHeading
        title={t('title')}
        add={{
          label: t('upload'),
          onClick: () =>
            crud.edit(null, { title: '', language: '', validFrom: today, validTo: '', file: null }),
          icon: <UploadFileOutlined />,
        }}
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('help')}
      </Typography>
      <SinglePageTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        query={papers}
        emptyText={t('empty')}
      />
      <CrudFormDialog
        crud={crud}
        title={(isNew) => (isNew ? t('uploadTitle') : t('editTitle'))}
        {...(crud.editing?.id === null ? { submitLabel: t('uploadSubmit') } : {})}
      >
        {(draft) => (
          <>
            {crud.editing?.id === null ? (
              <Box>
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="application/pdf,.pdf"
                  aria-label={t('fields.chooseFile')}
                  onChange={(event) => {
                    const file = event.target.files?.[0] ?? null;
                    crud.setDraft({
                      file,
                      title: draft.title || (file ? file.name.replace(/\.pdf$/i, '') : ''),
                    });
                  }}
                />
                <Button
                  variant="outlined"
                  startIcon={<UploadFileOutlined />}
                  onClick={() => fileInput.current?.click()}
                >
                  {t('fields.chooseFile')}
                </Button>
                <Typography
                  variant="body2"
                  sx={{ mt: 1 }}
                  color={crud.errors.message('file') ? 'error' : 'text.secondary'}
                  role={crud.errors.message('file') ? 'alert' : undefined}
                >
                  {draft.file ? `${draft.file.name} · ${sizeText(draft.file.size)}` : t('fields.noFile')}
                  {crud.errors.message('file') && draft.file ? ` — ${crud.errors.message('file')}` : ''}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('fields.fileHelp')}
                </Typography>
              </Box>
            ) : null}
            <TextField
              label={t('fields.title')}
              value={draft.title}
              required
              {...crud.errors.props('title')}
              onChange={(event) => crud.setDraft({ title: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              select
              label={t('fields.language')}
              value={draft.language}
              onChange={(event) => crud.setDraft({ language: event.target.value })}
              {...crud.errors.props('language', t('fields.languageHelp'))}
            >
              <MenuItem value="">{t('allLanguages')}</MenuItem>
              {LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`languages.${language}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {(['validFrom', 'validTo'] as const).map((key) => (
                <TextField
                  key={key}
                  label={t(`fields.${key}`)}
                  type="date"
                  value={draft[key]}
                  required
                  {...crud.errors.props(key)}
                  onChange={(event) => crud.setDraft({ [key]: event.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                  fullWidth
                />
              ))}
            </Stack>
          </>
        )}
      </CrudFormDialog>
      <CrudDeleteDialog crud={crud} t={t} message={(row) => t('deleteMessage', { name: row.title })} />
    </Box>
  );
}
