import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminNewspaper, NEWSPAPER_MAX_BYTES } from '@shop/shared/contracts/admin-content';
import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { LANGUAGES } from '@shop/shared/i18n/languages';
import { currentLanguage } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { useAdminApi } from '../../admin-api';
import { adminAuthStore } from '../../admin-auth-store';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { FormDialog } from '../../components/form-dialog';
import { SectionHeading } from '../../components/section-heading';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));
const DATE = /^\d{4}-\d{2}-\d{2}$/;

interface Draft {
  id: number | null;
  title: string;
  language: string;
  validFrom: string;
  validTo: string;
  file: File | null;
}

/** Sends the PDF as the raw request body (the API takes `application/pdf`, not a form). */
async function uploadPdf(draft: Draft, file: File, language: string): Promise<AdminNewspaper> {
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

/** Special-offer newspapers: PDF uploads with a validity period; the shop lists the current ones. */
export default function NewspapersPage() {
  const { t, ready } = useAdminMessages('admin-newspapers', loaders);
  const { i18n } = useTranslation();
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useAdminToast();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<AdminNewspaper | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const papers = useQuery({
    queryKey: ['admin', 'newspapers'],
    queryFn: ({ signal }) => api.get<AdminNewspaper[]>('/admin/newspapers', { signal }),
  });
  const save = useMutation({
    mutationFn: async (value: Draft) => {
      if (value.id === null) {
        if (!value.file) throw new ApiError('ERR_NOT_A_PDF', 415);
        return uploadPdf(value, value.file, currentLanguage(i18n));
      }
      return api.put<AdminNewspaper>(
        `/admin/newspapers/${value.id}`,
        {
          title: value.title.trim(),
          language: value.language,
          validFrom: value.validFrom,
          validTo: value.validTo,
        },
        { retry: false },
      );
    },
    onSuccess: () => {
      toast.done('admin-newspapers:saved');
      setDraft(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'newspapers'] });
    },
    onError: (error) => toast.apiError(error),
  });
  const remove = useMutation({
    mutationFn: (row: AdminNewspaper) =>
      api.delete<{ ok: true }>(`/admin/newspapers/${row.id}`, { retry: false }),
    onSuccess: () => {
      toast.done('admin-newspapers:deleted');
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'newspapers'] });
    },
    onError: (error) => toast.apiError(error),
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
    {
      id: 'actions',
      header: t('columns.actions'),
      align: 'right',
      render: (row) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
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
          <Button
            size="small"
            onClick={() => {
              setSubmitted(false);
              setDraft({
                id: row.id,
                title: row.title,
                language: row.language ?? '',
                validFrom: row.validFrom,
                validTo: row.validTo,
                file: null,
              });
            }}
            aria-label={t('editFor', { name: row.title })}
          >
            {t('edit')}
          </Button>
          <Button
            size="small"
            color="error"
            onClick={() => setDeleting(row)}
            aria-label={t('deleteFor', { name: row.title })}
          >
            {t('delete')}
          </Button>
        </Stack>
      ),
    },
  ];
  const fileError =
    draft?.id === null && draft.file
      ? draft.file.size > NEWSPAPER_MAX_BYTES
        ? t('fields.fileTooLarge')
        : !/\.pdf$/i.test(draft.file.name)
          ? t('fields.notPdf')
          : null
      : null;
  const valid = draft
    ? draft.title.trim() !== '' &&
      DATE.test(draft.validFrom) &&
      DATE.test(draft.validTo) &&
      draft.validFrom <= draft.validTo &&
      (draft.id !== null || (draft.file !== null && fileError === null))
    : false;

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Button
            variant="contained"
            startIcon={<UploadFileOutlined />}
            onClick={() => {
              setSubmitted(false);
              setDraft({ id: null, title: '', language: '', validFrom: today, validTo: '', file: null });
            }}
          >
            {t('upload')}
          </Button>
        }
      />
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('help')}
      </Typography>
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        page={0}
        pageSize={Math.max(rows.length, 1)}
        total={rows.length}
        onPageChange={() => undefined}
        loading={papers.isFetching}
        error={papers.error}
        emptyText={t('empty')}
      />
      <FormDialog
        open={draft !== null}
        title={draft?.id === null ? t('uploadTitle') : t('editTitle')}
        submitLabel={draft?.id === null ? t('uploadSubmit') : undefined}
        busy={save.isPending}
        onClose={() => setDraft(null)}
        onSubmit={() => {
          setSubmitted(true);
          if (draft && valid) save.mutate(draft);
        }}
      >
        {draft ? (
          <>
            {draft.id === null ? (
              <Box>
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept="application/pdf,.pdf"
                  aria-label={t('fields.chooseFile')}
                  onChange={(event) => {
                    const file = event.target.files?.[0] ?? null;
                    setDraft({
                      ...draft,
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
                  color={(submitted && !draft.file) || fileError ? 'error' : 'text.secondary'}
                >
                  {draft.file ? `${draft.file.name} · ${sizeText(draft.file.size)}` : t('fields.noFile')}
                  {fileError ? ` — ${fileError}` : ''}
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
              error={submitted && draft.title.trim() === ''}
              onChange={(event) => setDraft({ ...draft, title: event.target.value })}
              slotProps={{ htmlInput: { maxLength: 255 } }}
            />
            <TextField
              select
              label={t('fields.language')}
              value={draft.language}
              onChange={(event) => setDraft({ ...draft, language: event.target.value })}
              helperText={t('fields.languageHelp')}
            >
              <MenuItem value="">{t('allLanguages')}</MenuItem>
              {LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`languages.${language}`)}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label={t('fields.validFrom')}
                type="date"
                value={draft.validFrom}
                required
                error={submitted && !DATE.test(draft.validFrom)}
                onChange={(event) => setDraft({ ...draft, validFrom: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
              <TextField
                label={t('fields.validTo')}
                type="date"
                value={draft.validTo}
                required
                error={submitted && (!DATE.test(draft.validTo) || draft.validTo < draft.validFrom)}
                helperText={
                  submitted && draft.validTo < draft.validFrom ? t('fields.toAfterFrom') : undefined
                }
                onChange={(event) => setDraft({ ...draft, validTo: event.target.value })}
                slotProps={{ inputLabel: { shrink: true } }}
                fullWidth
              />
            </Stack>
          </>
        ) : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.title })}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
