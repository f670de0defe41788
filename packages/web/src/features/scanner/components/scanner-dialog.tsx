import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogCloseTitle } from '../../../components/dialog-close-title';
import { StockChip } from '../../../components/product/product-badges';
import { ProductImage } from '../../../components/product/product-box';
import { productName } from '../../../components/product/product-helpers';
import { ProductPurchase } from '../../../components/product/product-purchase';
import { useProductScope } from '../../../components/product/product-scope';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
import { useCartQuantities, useSetProductQuantity } from '../../../lib/cart-bindings';
import { lookUpBarcode, type ScannedProduct } from '../api/barcode-lookup';
import { scanFeedback } from '../scan-feedback';
import { closeScanner, type ScanRequest } from '../scan-store';
import { CameraView } from './camera-view';

/**
 * Continuous mode: a barcode that stays in front of the camera counts once; it counts again after
 * it has been out of view this long (the next carton of the same product).
 */
const GONE_MS = 1200;

type ContinuousNotice =
  { kind: 'added'; scanned: ScannedProduct } | { kind: 'unknown'; code: string } | { kind: 'error' };

/** The product of a scanned barcode: picture, name, stock and the purchase controls on its pack. */
function ScannedProductView({ scanned, code }: { scanned: ScannedProduct; code: string }) {
  const { t } = useTranslation();
  const cartQuantities = useCartQuantities();
  const { product, unit } = scanned;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <ProductImage product={product} size={96} eager />
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }}>
          <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
            {productName(product)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('product.sku')}: {product.sku}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('scanner.scanned', { code, unit: t(`product.units.${unit}`) })}
          </Typography>
          <StockChip status={product.stockStatus} />
        </Box>
      </Box>
      <ProductPurchase product={product} cartQuantity={cartQuantities.get(product.sku)} packUnit={unit} />
    </Box>
  );
}

/** Looks the code up and shows its product, or says that no product has it. */
function ScannedCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const scope = useProductScope();
  const query = useQuery({
    queryKey: ['scanned-barcode', code, scope.language, scope.viewer],
    queryFn: ({ signal }) => lookUpBarcode(api, code, signal),
  });
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('product.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert severity="error" role="alert">
        {t('scanner.lookupError')}
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Alert severity="info" role="alert">
        {t('scanner.unknown', { code })}
      </Alert>
    );
  }
  return <ScannedProductView key={code} scanned={query.data} code={code} />;
}

/** Continuous mode: each new barcode adds one of its pack to the cart, with a beep and a vibration. */
function useContinuousScan(onNotice: (notice: ContinuousNotice) => void) {
  const api = useApiClient();
  const cartQuantities = useCartQuantities();
  const setQuantity = useSetProductQuantity();
  const last = useRef<{ code: string; at: number } | null>(null);
  const quantities = useRef(cartQuantities);
  useEffect(() => {
    quantities.current = cartQuantities;
  });

  return async (code: string) => {
    const now = Date.now();
    const previous = last.current;
    last.current = { code, at: now };
    if (previous && previous.code === code && now - previous.at < GONE_MS) return;
    try {
      const scanned = await lookUpBarcode(api, code);
      if (!scanned) {
        onNotice({ kind: 'unknown', code });
        return;
      }
      const pack = scanned.product.packSizes.find((size) => size.unit === scanned.unit);
      const inCart = quantities.current.get(scanned.product.sku) ?? 0;
      await setQuantity.mutateAsync({
        productSku: scanned.product.sku,
        quantity: inCart + Math.max(1, pack?.pieces ?? 1),
      });
      scanFeedback();
      onNotice({ kind: 'added', scanned });
    } catch {
      onNotice({ kind: 'error' });
    }
  };
}

function ContinuousNoticeView({ notice }: { notice: ContinuousNotice }) {
  const { t } = useTranslation();
  if (notice.kind === 'added') {
    return (
      <Alert severity="success" role="status">
        {t('scanner.added', {
          unit: t(`product.units.${notice.scanned.unit}`),
          name: productName(notice.scanned.product),
        })}
      </Alert>
    );
  }
  return (
    <Alert severity={notice.kind === 'unknown' ? 'info' : 'error'} role="alert">
      {notice.kind === 'unknown' ? t('scanner.unknown', { code: notice.code }) : t('scanner.addError')}
    </Alert>
  );
}

/**
 * The scanner (issue 19, docs/product.md §5 barcodes): the camera, or the product of a code a
 * hardware scanner typed into the search field. A recognised barcode shows its product with the
 * scanned pack chosen and a quantity field; in continuous mode each scan goes into the cart.
 */
export function ScannerDialog({ request }: { request: ScanRequest }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const auth = useAuth();
  const camera = request.kind === 'camera';
  const [code, setCode] = useState<string | null>(request.kind === 'code' ? request.code : null);
  const [continuous, setContinuous] = useState(false);
  const [notice, setNotice] = useState<ContinuousNotice | null>(null);
  const addScan = useContinuousScan(setNotice);
  const adding = continuous && auth !== null;

  const onCode = (scanned: string) => {
    if (adding) void addScan(scanned);
    else setCode(scanned);
  };

  return (
    <Dialog
      open
      onClose={closeScanner}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
    >
      <DialogCloseTitle id={titleId} onClose={closeScanner}>
        {t('scanner.title')}
      </DialogCloseTitle>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        {camera && (
          <>
            <CameraView onCode={onCode} paused={!adding && code !== null} />
            {auth && (
              <FormControlLabel
                control={
                  <Switch
                    checked={continuous}
                    onChange={(event) => {
                      setContinuous(event.target.checked);
                      setCode(null);
                      setNotice(null);
                    }}
                  />
                }
                label={t('scanner.continuous')}
              />
            )}
          </>
        )}
        {adding && notice && <ContinuousNoticeView notice={notice} />}
        {!adding && code !== null && <ScannedCode key={code} code={code} />}
        {camera && !adding && code !== null && (
          <Button variant="outlined" onClick={() => setCode(null)} sx={{ alignSelf: 'flex-start' }}>
            {t('scanner.scanAgain')}
          </Button>
        )}
      </DialogContent>
    </Dialog>
  );
}
