import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportOrderListResponse } from '@shop/shared/contracts/order-lists';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RejectedLinesAlert } from '../../../components/cart-addition-report';
import { translateError } from '../../../lib/api-client';
import { useImportFileIntoOrderList, useImportIntoOrderList } from '../api/order-lists-api';

function ImportResult({ result }: { result: ImportOrderListResponse }) {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="import-result">
      <Alert severity={result.added.length > 0 ? 'success' : 'info'}>
        {t('orderLists.importAdded', { count: result.added.length })}
      </Alert>
      <RejectedLinesAlert
        lines={result.rejected}
        title={t('orderLists.importRejected')}
        lineText={(line, reason) =>
          t('orderLists.importRejectedLine', { line: line.line, code: line.code, reason })
        }
      />
    </Box>
  );
}

/**
 * Import into a list: a CSV or XLSX file (column A SKU or barcode, column B quantity) sent as it is,
 * or pasted lines read by the quick order's parser on the server. Lines are added to the list.
 */
export function ImportPanel({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const headingId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const importFile = useImportFileIntoOrderList(listId);
  const importText = useImportIntoOrderList();
  const [result, setResult] = useState<ImportOrderListResponse | null>(null);
  const [error, setError] = useState<unknown>(null);
  const done = {
    onSuccess: (answer: ImportOrderListResponse) => {
      setError(null);
      setResult(answer);
    },
    onError: (failure: unknown) => {
      setResult(null);
      setError(failure);
    },
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, borderTop: 1, borderColor: 'divider', pt: 2 }}
    >
      <Typography id={headingId} variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('orderLists.importTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('orderLists.importHelp')}
      </Typography>
      <Box>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          data-testid="order-list-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) importFile.mutate(file, done);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          loading={importFile.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t('orderLists.chooseFile')}
        </Button>
      </Box>
      <TextField
        multiline
        minRows={3}
        label={t('orderLists.pasteLabel')}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Box>
        <Button
          variant="outlined"
          disabled={text.trim() === ''}
          loading={importText.isPending}
          onClick={() =>
            importText.mutate(
              { listId, lines: text },
              {
                ...done,
                onSuccess: (answer) => {
                  done.onSuccess(answer);
                  setText('');
                },
              },
            )
          }
        >
          {t('orderLists.importPasted')}
        </Button>
      </Box>
      {error !== null && <Alert severity="error">{translateError(t, error)}</Alert>}
      {result && <ImportResult result={result} />}
    </Box>
  );
}
