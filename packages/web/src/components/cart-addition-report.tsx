import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CartAdditionResponse } from '@shop/shared/contracts/cart';
import { formatNumber } from '@shop/shared/format/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One group of the report (nothing when it has no lines): `title` with their count, a list item a line. */
function LinesAlert<L extends { line: number }>({
  severity,
  title,
  lines,
  children,
}: {
  severity: AlertColor;
  title: string;
  lines: L[];
  children: (line: L) => ReactNode;
}) {
  if (lines.length === 0) return null;
  return (
    <Alert severity={severity}>
      <AlertTitle>{`${title} (${lines.length})`}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <li key={line.line}>{children(line)}</li>
        ))}
      </Box>
    </Alert>
  );
}

/**
 * The lines that were not taken (nothing when there are none): `title` with their count, then each
 * line as `lineText` gives it from the line and its translated reason (the caller's message, so this
 * shared piece names no key of another screen's namespace).
 */
export function RejectedLinesAlert({
  lines,
  title,
  lineText,
}: {
  lines: CartAdditionResponse['rejected'];
  title: string;
  lineText: (line: CartAdditionResponse['rejected'][number], reason: string) => string;
}) {
  const { t } = useTranslation();
  return (
    <LinesAlert severity="error" title={title} lines={lines}>
      {(line) => lineText(line, t(`errors.${line.reason}`))}
    </LinesAlert>
  );
}

/**
 * What a quick order or an "order again" did: the lines added as asked, the lines whose quantity
 * the correction changed (with its warnings) and the rejected lines with their translated reasons.
 */
export function CartAdditionReport({ result }: { result: CartAdditionResponse }) {
  const { t } = useTranslation();
  const { added, corrected, rejected } = result;
  if (added.length + corrected.length + rejected.length === 0) {
    return <Alert severity="info">{t('quickOrder.nothing')}</Alert>;
  }
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid="cart-addition-report">
      <LinesAlert severity="success" title={t('quickOrder.added')} lines={added}>
        {(line) =>
          t('quickOrder.addedLine', {
            line: line.line,
            code: line.code,
            quantity: formatNumber(line.quantity),
            cartQuantity: formatNumber(line.cartQuantity),
          })
        }
      </LinesAlert>
      <LinesAlert severity="warning" title={t('quickOrder.corrected')} lines={corrected}>
        {(line) => (
          <>
            {t('quickOrder.correctedLine', {
              line: line.line,
              code: line.code,
              requested: formatNumber(line.requested),
              quantity: formatNumber(line.quantity),
              cartQuantity: formatNumber(line.cartQuantity),
            })}
            {line.warnings.length > 0 && (
              <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                {line.warnings.map((warning) => t(`toasts.${warning}`)).join(' ')}
              </Typography>
            )}
          </>
        )}
      </LinesAlert>
      <RejectedLinesAlert
        lines={rejected}
        title={t('quickOrder.rejected')}
        lineText={(line, reason) =>
          t('quickOrder.rejectedLine', { line: line.line, code: line.code, reason })
        }
      />
    </Box>
  );
}
