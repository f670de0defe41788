import Campaign from '@mui/icons-material/Campaign';
import Fab from '@mui/material/Fab';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { useApiClient } from '../../../lib/api-client-context';
import { useAuth } from '../../../lib/auth-store';
import { useCookieConsent } from '../../../lib/cookie-consent';
import { fetchCurrentNews, fetchNewsProducts } from '../api/news.api';
import {
  markNewsPopupShown,
  markProductNewsShown,
  newsPopupDueNow,
  productNewsShownFor,
} from '../lib/news-schedule';
import { NewsPopup } from './news-popup';
import { ProductNewsDialog } from './product-news-dialog';

export interface NewsHostProps {
  /** The clock (milliseconds since the epoch); tests move it. */
  now?: () => number;
}

const systemClock = () => Date.now();

/**
 * The news panel of the shell (docs/product.md §2), loaded after the first page is shown:
 * - the news pop-up when a current news item exists, at most once per 24 hours;
 * - the floating news button, which opens the pop-up again;
 * - for logged-in users, the dialog with the news item's products once per login session
 *   (after the pop-up, when both are due).
 * A missing news item (404) or a failed call shows nothing.
 */
export function NewsHost({ now = systemClock }: NewsHostProps) {
  const { t, i18n } = useTranslation();
  const client = useApiClient();
  const auth = useAuth();
  const consent = useCookieConsent();
  const language = currentLanguage(i18n);
  const userId = auth ? String(auth.claims.userId) : null;

  const news = useQuery({
    queryKey: ['news', 'current', language],
    queryFn: ({ signal }) => fetchCurrentNews(client, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
  const current = news.data ?? null;

  // Decided once, when the shell starts: the pop-up opens by itself only if 24 hours passed.
  const [popupDue] = useState(() => newsPopupDueNow(now()));
  const [popupClosed, setPopupClosed] = useState(false);
  const [reopened, setReopened] = useState(false);
  const autoOpen = popupDue && current !== null && !popupClosed;
  const popupOpen = current !== null && (autoOpen || reopened);

  useEffect(() => {
    if (autoOpen) markNewsPopupShown(now());
  }, [autoOpen, now]);

  const closePopup = useCallback(() => {
    setPopupClosed(true);
    setReopened(false);
  }, []);

  const [productsClosedFor, setProductsClosedFor] = useState<string | null>(null);
  const productsWanted =
    userId !== null &&
    current !== null &&
    !popupOpen &&
    productsClosedFor !== userId &&
    !productNewsShownFor(userId);
  const products = useQuery({
    queryKey: ['news', 'current', 'products', language, userId],
    queryFn: ({ signal }) => fetchNewsProducts(client, signal),
    enabled: productsWanted,
    staleTime: 5 * 60_000,
    retry: false,
  });
  const productList = products.data?.products ?? [];
  const productsOpen = productsWanted && productList.length > 0;

  const closeProducts = useCallback(() => {
    if (userId !== null) {
      markProductNewsShown(userId);
      setProductsClosedFor(userId);
    }
  }, [userId]);

  if (!current) return null;
  return (
    <>
      {consent !== null && !popupOpen && !productsOpen && (
        <Tooltip title={t('news.open')} placement="left">
          <Fab
            color="primary"
            size="medium"
            aria-label={t('news.open')}
            onClick={() => setReopened(true)}
            sx={{ position: 'fixed', right: { xs: 16, md: 24 }, bottom: { xs: 16, md: 24 } }}
          >
            <Campaign />
          </Fab>
        </Tooltip>
      )}
      <NewsPopup news={current} open={popupOpen} onClose={closePopup} />
      <ProductNewsDialog
        title={current.title}
        products={productList}
        open={productsOpen}
        onClose={closeProducts}
      />
    </>
  );
}
