import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { ComingSoonView } from '../../../components/coming-soon-view';
import { PageHeading } from '../../../components/page-heading';
import { useRouteHandle, type RouteName, type RouteTitleKey } from '../../../lib/route-handle';

/** The listing title of each listing route; dialogs (login, ...) sit over the home listing. */
const LISTING_TITLES: Partial<Record<RouteName, RouteTitleKey>> = {
  'ordered-products': 'routes.orderedProducts',
  'on-sale-products': 'routes.onSaleProducts',
  'seasonal-products': 'routes.seasonalProducts',
  'main-category-products': 'routes.mainCategoryProducts',
  'sub-category-products': 'routes.subCategoryProducts',
};

/**
 * Home / product listing (spec section 2). The route name selects the filter; the search route
 * renders its results through the outlet, the login, registration and forgot-password routes
 * render their dialogs over the listing.
 */
export function CatalogPage() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  const isSearch = handle.name === 'search';
  const titleKey = (handle.name && LISTING_TITLES[handle.name]) ?? 'routes.home';
  return (
    <>
      {!isSearch && (
        <Box component="section">
          <PageHeading>{t(titleKey)}</PageHeading>
          <ComingSoonView />
        </Box>
      )}
      <Outlet />
    </>
  );
}
