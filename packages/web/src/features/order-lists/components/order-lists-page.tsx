import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime, formatNumber } from '@shop/shared/format/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { useCreateOrderList, useOrderLists } from '../api/order-lists-api';
import { ListNameDialog } from './list-name-dialog';

/** /profile/order-lists: the customer's saved lists and a new one (docs/product.md §3.11). */
export function OrderListsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const lists = useOrderLists();
  const create = useCreateOrderList();
  const [creating, setCreating] = useState(false);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography color="text.secondary">{t('orderLists.intro')}</Typography>
      <Box>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          {t('orderLists.create')}
        </Button>
      </Box>
      {lists.isPending && <LoadingStatus text={t('orderLists.loading')} />}
      {lists.isError && <Alert severity="error">{t('orderLists.loadError')}</Alert>}
      {lists.data?.length === 0 && <Alert severity="info">{t('orderLists.empty')}</Alert>}
      {lists.data && lists.data.length > 0 && (
        <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
          <Table size="small" aria-label={t('orderLists.tableLabel')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('orderLists.name')}</TableCell>
                <TableCell align="right">{t('orderLists.lines')}</TableCell>
                <TableCell>{t('orderLists.updatedAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lists.data.map((list) => (
                <TableRow key={list.id} data-list-id={list.id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/profile/order-lists/${list.id}`}>
                      {list.name}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{formatNumber(list.itemCount)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(list.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {creating && (
        <ListNameDialog
          open
          title={t('orderLists.newListName')}
          submitLabel={t('orderLists.create')}
          pending={create.isPending}
          error={create.error}
          onClose={() => setCreating(false)}
          onSubmit={(name) =>
            create.mutate({ name }, { onSuccess: (list) => void navigate(`/profile/order-lists/${list.id}`) })
          }
        />
      )}
    </Box>
  );
}
