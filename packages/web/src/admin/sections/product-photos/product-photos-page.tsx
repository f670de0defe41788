import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ZipUploadResult } from '@shop/shared/contracts/product-photos';
import { currentLanguage } from '../../../i18n/i18n';
import { translateError } from '../../../lib/api-client';
import { messageLoaders, useAdminMessages } from '../../admin-i18n';
import { SectionHeading } from '../../components/section-heading';
import { uploadWithProgress } from '../../components/upload-with-progress';
import { ReportTable } from '../../components/report-table';

const loaders = messageLoaders(import.meta.glob('./i18n/*.json'));

/**
 * Bulk photo upload (issue 17): a ZIP whose file names are SKUs (`NK10001.jpg`, `NK10001-2.jpg`).
 * A progress bar while it goes up, then while the server works; then a report per file: matched,
 * unknown SKU, not an image, too large.
 */
export default function ProductPhotosPage() {
  const { t, ready } = useAdminMessages('admin-product-photos', loaders);
  const shop = useTranslation();
  const queryClient = useQueryClient();
  const fileInput = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ZipUploadResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!ready) return null;

  const send = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError(null);
    setProgress(0);
    try {
      const answer = await uploadWithProgress<ZipUploadResult>({
        url: '/api/admin/product-photos/zip',
        body: file,
        contentType: 'application/zip',
        language: currentLanguage(shop.i18n),
        onProgress: setProgress,
      });
      setResult(answer);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'product-photos'] });
    } catch (caught) {
      setError(translateError(shop.t, caught));
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 960 }}>
      <SectionHeading title={t('title')} />
      <Typography variant="body2">{t('intro')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, typography: 'body2' }}>
        <li>{t('rules.names')}</li>
        <li>{t('rules.types')}</li>
        <li>{t('rules.limits')}</li>
      </Box>
      <Box>
        <Button
          variant="contained"
          startIcon={<UploadFileOutlined />}
          disabled={progress !== null}
          onClick={() => fileInput.current?.click()}
        >
          {t('choose')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".zip,application/zip"
          hidden
          tabIndex={-1}
          aria-label={t('choose')}
          onChange={(event) => {
            void send(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Box>
      {progress !== null && (
        <Box>
          <Typography variant="body2" role="status">
            {progress < 1 ? t('uploading', { percent: Math.round(progress * 100) }) : t('processing')}
          </Typography>
          <LinearProgress
            aria-label={t('progress')}
            {...(progress < 1 ? { variant: 'determinate', value: Math.round(progress * 100) } : {})}
          />
        </Box>
      )}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {result && (
        <>
          <Alert severity={result.refused > 0 ? 'warning' : 'success'} role="status">
            {t('summary', { matched: result.matched, refused: result.refused })}
          </Alert>
          <ReportTable
            label={t('reportLabel')}
            head={[t('columns.file'), t('columns.sku'), t('columns.outcome')]}
          >
            {result.files.map((file) => (
              <TableRow key={file.file} data-outcome={file.outcome}>
                <TableCell sx={{ wordBreak: 'break-all' }}>{file.file}</TableCell>
                <TableCell>{file.sku ?? '—'}</TableCell>
                <TableCell>{t(`outcomes.${file.outcome}`)}</TableCell>
              </TableRow>
            ))}
          </ReportTable>
        </>
      )}
    </Box>
  );
}
