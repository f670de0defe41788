import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, type ImportResult } from '@shop/shared/contracts/admin-catalogue';
import { normaliseErrorCode } from '@shop/shared/errors/error-codes';
import { currentLanguage } from '../../../i18n/i18n';
import { ApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { adminAuthStore } from '../../admin-auth-store';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { useAdminToast } from '../../components/admin-toast';
import { SectionHeading } from '../../components/section-heading';
import { ReportTable } from '../../components/report-table';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends the file to the import endpoint (the body is the file itself). */
async function sendImport(file: File, dryRun: boolean, language: string): Promise<ImportResult> {
  const xlsx = /\.xlsx$/i.test(file.name);
  const headers: Record<string, string> = {
    'Content-Type': xlsx ? XLSX_TYPE : 'text/csv',
    'Accept-Language': language,
  };
  const token = adminAuthStore.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(`/api/admin/catalogue/import?format=${xlsx ? 'xlsx' : 'csv'}&dryRun=${dryRun}`, {
      method: 'POST',
      headers,
      body: file,
    });
  } catch {
    throw new ApiError('ERR_NO_RES', 0);
  }
  const body = (await response.json().catch(() => null)) as
    (ImportResult & { error?: string; params?: Record<string, string | number> }) | null;
  if (!response.ok || !body) {
    if (response.status === 401) adminAuthStore.signOut('expired');
    throw new ApiError(normaliseErrorCode(body?.error), response.status, body?.params ?? {});
  }
  return body;
}

/** A file the server could not read at a known line: a CSV syntax error or a cell too long. */
interface LineProblem {
  reason: 'csv_syntax' | 'cell_too_long';
  line: number;
}

function lineProblemOf(error: unknown): LineProblem | null {
  if (!(error instanceof ApiError) || error.code !== 'ERR_IMPORT_FILE') return null;
  const { reason, line } = error.params;
  if ((reason === 'csv_syntax' || reason === 'cell_too_long') && typeof line === 'number')
    return { reason, line };
  return null;
}

/** Product import from CSV or XLSX: a dry run lists every bad cell; the import writes all rows or none. */
export default function ImportPage() {
  const { t, ready } = useAdminMessages('admin-import', loaders);
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  const toast = useAdminToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [lineProblem, setLineProblem] = useState<LineProblem | null>(null);

  if (!ready) return null;

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setBusy(true);
    setLineProblem(null);
    try {
      const answer = await sendImport(file, dryRun, language);
      setResult(answer);
      if (answer.applied) {
        toast.done('admin-import:applied', { created: answer.created, updated: answer.updated });
        void queryClient.invalidateQueries({ queryKey: ['admin', 'products'] });
      }
    } catch (error) {
      setResult(null);
      const problem = lineProblemOf(error);
      if (problem) setLineProblem(problem);
      else toast.apiError(error);
    } finally {
      setBusy(false);
    }
  };
  const template = (format: 'csv' | 'xlsx') =>
    downloadFile({
      path: `/admin/catalogue/import/template?format=${format}`,
      fileName: `product-import-template.${format}`,
      token: adminAuthStore.getToken(),
      language,
    }).catch((error: unknown) => toast.apiError(error));

  const checkedOk = result !== null && result.dryRun && result.errorCount === 0;

  return (
    <Box>
      <SectionHeading
        title={t('title')}
        actions={
          <Stack direction="row" spacing={1}>
            <Button startIcon={<DownloadOutlined />} onClick={() => void template('csv')}>
              {t('templateCsv')}
            </Button>
            <Button startIcon={<DownloadOutlined />} onClick={() => void template('xlsx')}>
              {t('templateXlsx')}
            </Button>
          </Stack>
        }
      />
      <Typography sx={{ mb: 2, maxWidth: 860 }}>{t('intro')}</Typography>
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <Button component="label" htmlFor={inputId} variant="outlined" startIcon={<UploadFileOutlined />}>
            {t('chooseFile')}
            <input
              id={inputId}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              aria-label={t('chooseFile')}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setResult(null);
                setLineProblem(null);
              }}
            />
          </Button>
          <Typography sx={{ flexGrow: 1 }} data-testid="import-file-name">
            {file ? t('chosen', { name: file.name, size: Math.ceil(file.size / 1024) }) : t('noFile')}
          </Typography>
          <Button
            variant="outlined"
            startIcon={<FactCheckOutlined />}
            disabled={!file || busy}
            onClick={() => void run(true)}
          >
            {t('dryRun')}
          </Button>
          <Button variant="contained" disabled={!checkedOk || busy} onClick={() => void run(false)}>
            {t('import')}
          </Button>
        </Stack>
      </Paper>

      {lineProblem ? (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {t(`fileProblems.${lineProblem.reason}`, { line: lineProblem.line })}
        </Alert>
      ) : null}

      {result ? (
        <Box sx={{ mb: 3 }}>
          <Alert severity={result.errorCount > 0 ? 'error' : 'success'} role="status" sx={{ mb: 2 }}>
            {result.errorCount > 0
              ? t('summaryErrors', { rows: result.rows, errors: result.errorCount })
              : result.applied
                ? t('summaryApplied', {
                    rows: result.rows,
                    created: result.created,
                    updated: result.updated,
                    unchanged: result.unchanged,
                  })
                : t('summaryChecked', {
                    rows: result.rows,
                    created: result.created,
                    updated: result.updated,
                    unchanged: result.unchanged,
                  })}
          </Alert>
          {result.errors.length > 0 ? (
            <ReportTable
              label={t('errorsLabel')}
              head={[t('columns.row'), t('columns.column'), t('columns.problem')]}
            >
              {result.errors.map((error, index) => (
                <TableRow key={index}>
                  <TableCell>{error.row}</TableCell>
                  <TableCell>
                    <code>{error.column}</code>
                  </TableCell>
                  <TableCell>{t(`codes.${error.code}`)}</TableCell>
                </TableRow>
              ))}
            </ReportTable>
          ) : null}
        </Box>
      ) : null}

      <Typography variant="h2" sx={{ fontSize: '1.125rem', mb: 1 }}>
        {t('formatTitle')}
      </Typography>
      <Typography sx={{ mb: 1, maxWidth: 860 }}>{t('formatIntro')}</Typography>
      <ReportTable label={t('formatTitle')} head={[t('columns.column'), t('columns.meaning')]}>
        {IMPORT_COLUMNS.map((column) => (
          <TableRow key={column}>
            <TableCell>
              <code>{column}</code>
            </TableCell>
            <TableCell>
              {t(`format.${column.startsWith('name_') ? 'name' : column}`, {
                language: column.slice(5).toUpperCase(),
              })}
            </TableCell>
          </TableRow>
        ))}
      </ReportTable>
    </Box>
  );
}
