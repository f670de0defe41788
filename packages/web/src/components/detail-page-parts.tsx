import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { PlaceOrderError } from '@shop/shared/contracts/orders';
import { LoadingStatus } from './loading-status';
import { ApiError } from '../lib/api-client';

/**
 * The parts a detail page of the shop shares (a quote, the agent's answer to it, an approval
 * request): a field, the state before its data is there, and place-order's refusals.
 */

/** A label above its value; the value keeps its line breaks (`sx` styles the pair's box). */
export function DetailField({
  label,
  children,
  sx,
}: {
  label: string;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  return (
    <Box sx={sx}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" component="div" sx={{ whiteSpace: 'pre-wrap' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** A detail page's title (a level-2 heading) with its status chip beside it. */
export function DetailHeading({ title, status }: { title: string; status: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {status}
    </Box>
  );
}

/** The detail page's fields: one column on a phone, two from `sm` on. */
export function DetailFields({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}
    >
      {children}
    </Box>
  );
}

/**
 * What a detail page shows while its query has no data: a spinner with `{section}.loading` while it
 * loads; when it failed, the error's own translation (or `{section}.loadError`) and a link to
 * `backTo` (`{section}.backToList`, or `backText`).
 */
export function DetailQueryState({
  query,
  section,
  backTo,
  backText,
}: {
  query: { isPending: boolean; error: unknown };
  section: 'quotes' | 'approvals';
  backTo: string;
  backText?: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return <LoadingStatus text={t(`${section}.loading`)} />;
  }
  return (
    <Alert severity="error">
      {query.error instanceof ApiError ? t(`errors.${query.error.code}`) : t(`${section}.loadError`)}{' '}
      <Link component={RouterLink} to={backTo}>
        {backText ?? t(`${section}.backToList`)}
      </Link>
    </Alert>
  );
}

/** Place-order's refusals, each translated (with its SKU when it names one), under `title`. */
export function PlaceOrderErrors({
  errors,
  title,
  testId,
  children,
}: {
  errors: PlaceOrderError[];
  title: string;
  testId: string;
  /** What follows the list (e.g. a link to the checkout). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" data-testid={testId}>
      <AlertTitle>{title}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {errors.map((entry, index) => {
          const sku = entry.params?.sku;
          const text = t(`errors.${entry.error}`, { ...(entry.params ?? {}) });
          return (
            <li key={`${entry.error}-${index}`}>{typeof sku === 'string' ? `${sku}: ${text}` : text}</li>
          );
        })}
      </Box>
      {children}
    </Alert>
  );
}

/** The success note that a decision placed order `orderId`, with a link to the order history. */
export function OrderedNotice({
  section,
  orderId,
  testId,
}: {
  section: 'quotes' | 'approvals';
  orderId: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert severity="success" data-testid={testId}>
      {t(`${section}.ordered`, { orderId })}{' '}
      <Link component={RouterLink} to="/profile/order-history">
        {t(`${section}.toOrderHistory`)}
      </Link>
    </Alert>
  );
}

/** A failed mutation's error, translated from its code; nothing unless it is an ApiError. */
export function MutationErrorAlert({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!(error instanceof ApiError)) return null;
  return <Alert severity="error">{t(`errors.${error.code}`, { ...error.params })}</Alert>;
}

/**
 * A decision's two buttons side by side: `accept` runs `mutation` (and is disabled while it runs),
 * `reject` opens the reason dialog.
 */
export function DecisionButtons({
  accept,
  reject,
  mutation,
  onReject,
}: {
  accept: string;
  reject: string;
  mutation: { isPending: boolean; mutate: () => void };
  onReject: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="contained" disabled={mutation.isPending} onClick={() => mutation.mutate()}>
        {accept}
      </Button>
      <Button variant="outlined" color="error" onClick={onReject}>
        {reject}
      </Button>
    </Box>
  );
}

/** A detail page's link back to its list, on a line of its own. */
export function DetailBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Box>
      <Link component={RouterLink} to={to}>
        {children}
      </Link>
    </Box>
  );
}

/** A column of a DetailLinesTable after the product's own. */
export interface LinesColumn<L> {
  header: string;
  cell: (line: L) => ReactNode;
  /** Left out on a phone. */
  hiddenOnPhone?: boolean;
  /** No line break inside (amounts). */
  nowrap?: boolean;
}

const PHONE_HIDDEN = { display: { xs: 'none', sm: 'table-cell' } } as const;
const PHONE_ONLY = { display: { xs: 'table-cell', sm: 'none' } } as const;

/**
 * The lines of a quote or an approval request: the product (name above SKU), then `columns`,
 * right-aligned, and the total row when `total` is given (its amount carries `total.testId`).
 * It scrolls sideways inside itself when it does not fit. `dense` narrows the cells on a phone.
 */
export function DetailLinesTable<L extends { sku: string; name: string }>({
  label,
  productHeader,
  lines,
  columns,
  total,
  dense = false,
}: {
  label: string;
  productHeader: string;
  lines: L[];
  columns: LinesColumn<L>[];
  total: { label: string; amount: ReactNode; testId: string } | null;
  dense?: boolean;
}) {
  const hidden = columns.filter((column) => column.hiddenOnPhone).length;
  const labelCell = (span: number, sx: object) => (
    <TableCell colSpan={span} align="right" sx={{ fontWeight: 600, ...sx }}>
      {total?.label}
    </TableCell>
  );
  return (
    <Box sx={{ overflowX: 'auto', maxWidth: { xs: 'calc(100vw - 32px)', md: 'none' } }}>
      <Table
        size="small"
        aria-label={label}
        sx={dense ? { '& th, & td': { px: { xs: 0.75, sm: 2 } } } : undefined}
      >
        <TableHead>
          <TableRow>
            <TableCell>{productHeader}</TableCell>
            {columns.map((column) => (
              <TableCell
                key={column.header}
                align="right"
                sx={column.hiddenOnPhone ? PHONE_HIDDEN : undefined}
              >
                {column.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <TableRow key={line.sku}>
              <TableCell>
                <Typography variant="body2">{line.name}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {line.sku}
                </Typography>
              </TableCell>
              {columns.map((column) => (
                <TableCell
                  key={column.header}
                  align="right"
                  sx={{
                    ...(column.hiddenOnPhone ? PHONE_HIDDEN : {}),
                    ...(column.nowrap ? { whiteSpace: 'nowrap' } : {}),
                  }}
                >
                  {column.cell(line)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {total && (
            <TableRow>
              {hidden > 0 ? (
                <>
                  {labelCell(columns.length, PHONE_HIDDEN)}
                  {labelCell(columns.length - hidden, PHONE_ONLY)}
                </>
              ) : (
                labelCell(columns.length, {})
              )}
              <TableCell
                align="right"
                sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}
                data-testid={total.testId}
              >
                {total.amount}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
