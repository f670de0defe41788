import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckout';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import type { OrderListDetail, OrderListLine } from '@shop/shared/contracts/order-lists';
import { formatMoney, formatNumber } from '@shop/shared/format/format';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { CartAdditionDialog } from '../../../components/cart-addition-dialog';
import { StockChip } from '../../../components/product/product-badges';
import { translateError } from '../../../lib/api-client';
import { useToast } from '../../../lib/toast-store';
import {
  useDeleteOrderList,
  useOrderList,
  useOrderListToCart,
  usePutOrderListItems,
  useRenameOrderList,
} from '../api/order-lists-api';
import { ImportPanel } from './import-panel';
import { ListNameDialog } from './list-name-dialog';
import { MoveToListButton } from './move-to-list-button';

/** Read by screen readers only (the header of the column of remove buttons). */
const visuallyHidden = {
  position: 'absolute',
  // Strings: a number up to 1 would be a fraction (100 %) in sx.
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function lineName(line: OrderListLine): string {
  return line.product.productDetails[0]?.name ?? line.product.sku;
}

/** The flag of a line: orderable, or why it would be left out of an order now. */
function LineStatus({ line }: { line: OrderListLine }) {
  const { t } = useTranslation();
  if (line.problem === null)
    return <Chip size="small" color="success" variant="outlined" label={t('orderLists.orderable')} />;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t(`orderLists.problem.${line.problem}`)}
      sx={{ color: '#B71C1C', borderColor: '#B71C1C' }}
    />
  );
}

/** The lines with editable quantities; "Save changes" sends them all (PUT items). */
function LinesTable({ list }: { list: OrderListDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const put = usePutOrderListItems(list.id);
  // Edits by SKU: a quantity typed, or null for a removed line.
  const [edits, setEdits] = useState<Record<string, number | null>>({});
  const dirty = Object.keys(edits).length > 0;
  const quantityOf = (line: OrderListLine) => {
    const edited = edits[line.product.sku];
    return edited === undefined ? line.quantity : edited;
  };
  const invalid = list.lines.some((line) => {
    const quantity = quantityOf(line);
    return quantity !== null && !(Number.isInteger(quantity) && quantity >= 1 && quantity <= 1_000_000);
  });

  const save = () => {
    if (invalid) return;
    const items = list.lines.flatMap((line) => {
      const quantity = quantityOf(line);
      return quantity === null ? [] : [{ sku: line.product.sku, quantity }];
    });
    put.mutate(items, {
      onSuccess: () => {
        setEdits({});
        toast.success('orderLists.saved');
      },
      onError: (error) => toast.apiError(error),
    });
  };

  if (list.lines.length === 0) return <Alert severity="info">{t('orderLists.emptyList')}</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {/* Positioned: the hidden header below scrolls (and is clipped) with the table. */}
      <Box
        sx={{ position: 'relative', overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}
      >
        <Table size="small" aria-label={list.name}>
          <TableHead>
            <TableRow>
              <TableCell>{t('orderLists.sku')}</TableCell>
              {/* Chinese names wrap per character: keep the column readable on a phone (the box scrolls). */}
              <TableCell sx={{ minWidth: 160 }}>{t('orderLists.product')}</TableCell>
              <TableCell sx={{ minWidth: 110 }}>{t('orderLists.quantity')}</TableCell>
              <TableCell align="right">{t('orderLists.unitPrice')}</TableCell>
              <TableCell align="right">{t('orderLists.lineGross')}</TableCell>
              <TableCell>{t('orderLists.stock')}</TableCell>
              <TableCell>{t('orderLists.status')}</TableCell>
              <TableCell>
                <Box component="span" sx={visuallyHidden}>
                  {t('orderLists.actions')}
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.lines.map((line) => {
              const quantity = quantityOf(line);
              if (quantity === null) return null;
              const name = lineName(line);
              const corrected = line.problem === null && line.correctedQuantity !== line.quantity;
              return (
                <TableRow key={line.product.sku} data-sku={line.product.sku}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.product.sku}</TableCell>
                  <TableCell>
                    {name}
                    {corrected && (
                      <Typography variant="body2" color="text.secondary">
                        {t('orderLists.corrected', { quantity: formatNumber(line.correctedQuantity) })}
                        {line.warnings.length > 0 &&
                          ` (${line.warnings.map((w) => t(`toasts.${w}`)).join(' ')})`}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      type="number"
                      value={Number.isNaN(quantity) ? '' : quantity}
                      onChange={(event) =>
                        setEdits((old) => ({
                          ...old,
                          [line.product.sku]: Number.parseInt(event.target.value, 10),
                        }))
                      }
                      slotProps={{
                        htmlInput: {
                          min: 1,
                          max: 1_000_000,
                          step: 1,
                          'aria-label': t('orderLists.quantityOf', { name }),
                        },
                      }}
                      sx={{ width: 100 }}
                    />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {line.currentPrice === null ? '–' : formatMoney(line.currentPrice, 0)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {line.currentPrice === null ? '–' : formatMoney(line.lineGross, 0)}
                  </TableCell>
                  <TableCell>
                    <StockChip status={line.product.stockStatus} />
                  </TableCell>
                  <TableCell>
                    <LineStatus line={line} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {/* Moves the saved line: not while its quantities are being edited. */}
                    <MoveToListButton listId={list.id} sku={line.product.sku} name={name} disabled={dirty} />
                    <IconButton
                      aria-label={t('orderLists.remove', { name })}
                      onClick={() => setEdits((old) => ({ ...old, [line.product.sku]: null }))}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {dirty && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={save} loading={put.isPending} disabled={invalid}>
            {t('orderLists.saveChanges')}
          </Button>
          <Button onClick={() => setEdits({})}>{t('orderLists.cancel')}</Button>
        </Box>
      )}
    </Box>
  );
}

function OrderThisList({ list }: { list: OrderListDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const toCart = useOrderListToCart(list.id);
  const [result, setResult] = useState<CartAdditionResponse | null>(null);
  return (
    <>
      <Button
        variant="contained"
        startIcon={<ShoppingCartCheckout />}
        loading={toCart.isPending}
        disabled={list.lines.length === 0}
        onClick={() =>
          toCart.mutate(undefined, { onSuccess: setResult, onError: (error) => toast.apiError(error) })
        }
      >
        {t('orderLists.orderList')}
      </Button>
      <CartAdditionDialog
        result={result}
        title={t('orderLists.orderListTitle', { name: list.name })}
        closeText={t('orderLists.close')}
        onClose={() => setResult(null)}
      >
        <Button component={RouterLink} to="/cart" variant="contained">
          {t('orderLists.toCart')}
        </Button>
      </CartAdditionDialog>
    </>
  );
}

function ListActions({ list }: { list: OrderListDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const titleId = useId();
  const rename = useRenameOrderList(list.id);
  const remove = useDeleteOrderList(list.id);
  const [renaming, setRenaming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <OrderThisList list={list} />
      <Button
        startIcon={<Edit />}
        onClick={() => {
          rename.reset();
          setRenaming(true);
        }}
      >
        {t('orderLists.rename')}
      </Button>
      <Button color="error" startIcon={<DeleteOutline />} onClick={() => setDeleting(true)}>
        {t('orderLists.delete')}
      </Button>
      {renaming && (
        <ListNameDialog
          open
          title={t('orderLists.renameTitle')}
          submitLabel={t('orderLists.save')}
          initialName={list.name}
          pending={rename.isPending}
          error={rename.error}
          onClose={() => setRenaming(false)}
          onSubmit={(name) => rename.mutate(name, { onSuccess: () => setRenaming(false) })}
        />
      )}
      <Dialog open={deleting} onClose={() => setDeleting(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('orderLists.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('orderLists.deleteConfirm', { name: list.name })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(false)}>{t('orderLists.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => void navigate('/profile/order-lists'),
                onError: (error) => toast.apiError(error),
              })
            }
          >
            {t('orderLists.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** /profile/order-lists/:listId: the list with today's prices and stock, its import and "order this list". */
export function OrderListPage() {
  const { t } = useTranslation();
  const params = useParams();
  const listId = Number(params.listId);
  const query = useOrderList(listId);
  const list = query.data;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box>
        <Button component={RouterLink} to="/profile/order-lists" startIcon={<ArrowBack />}>
          {t('orderLists.back')}
        </Button>
      </Box>
      {query.isPending && <LoadingStatus text={t('orderLists.loading')} />}
      {query.isError && <Alert severity="error">{translateError(t, query.error)}</Alert>}
      {list && (
        <>
          <Typography variant="h2" sx={{ fontSize: '1.5rem' }}>
            {list.name}
          </Typography>
          <ListActions list={list} />
          <Box role="status" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
            <Typography sx={{ fontWeight: 500 }}>
              {t('orderLists.total', { total: formatMoney(list.totalGross, 0) })}
            </Typography>
            {list.notOrderableCount > 0 && (
              <Alert severity="warning">
                {t('orderLists.notOrderableCount', { count: list.notOrderableCount })}
              </Alert>
            )}
          </Box>
          {/* Keyed by version: a saved change (or an import) starts the edits afresh. */}
          <LinesTable key={list.version} list={list} />
          <ImportPanel listId={list.id} />
        </>
      )}
    </Box>
  );
}
