import Close from '@mui/icons-material/Close';
import MenuOpen from '@mui/icons-material/MenuOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useParams, useSearchParams } from 'react-router';
import { HydrateWhenNear } from '../../../components/hydrate-when-near';
import { PageHeading } from '../../../components/page-heading';
import { ProductListing } from '../../../components/product/product-listing';
import { PRODUCT_PARAM } from '../../../components/product/product-scope';
import { loadMessages } from '../../../i18n/i18n';
import { useAuth } from '../../../lib/auth-store';
import { usePageDocumentTitle } from '../../../lib/document-title';
import { useRouteHandle, type RouteName, type RouteTitleKey } from '../../../lib/route-handle';
import { useCategories } from '../api/categories.api';
import { listingForRoute } from '../hooks/listing-filter';
import { CategorySidebar } from './category-sidebar';

// The product dialog (tables, price tiers) loads when a product is first opened.
const ProductDialogFromUrl = lazy(() =>
  Promise.all([
    import('../../../components/product/product-details-dialog'),
    loadMessages('catalog', 'feedback'),
  ]).then(([module]) => ({ default: module.ProductDialogFromUrl })),
);

/** The listing title of each listing route; dialogs (login, ...) sit over the home listing. */
const LISTING_TITLES: Partial<Record<RouteName, RouteTitleKey>> = {
  'ordered-products': 'routes.orderedProducts',
  'on-sale-products': 'routes.onSaleProducts',
  'seasonal-products': 'routes.seasonalProducts',
  'main-category-products': 'routes.mainCategoryProducts',
  'sub-category-products': 'routes.subCategoryProducts',
};

/** The category's name from the tree for category routes, else the route's title. */
function useListingTitle(name: RouteName | undefined): string {
  const { t } = useTranslation();
  const { mainCategorySlug, subCategorySlug } = useParams();
  const categories = useCategories();
  const main = categories.data?.find((category) => category.slug === mainCategorySlug);
  if (name === 'main-category-products' && main) return main.name;
  if (name === 'sub-category-products' && main) {
    const sub = main.children.find((category) => category.slug === subCategorySlug);
    if (sub) return sub.name;
  }
  return t((name && LISTING_TITLES[name]) ?? 'routes.home');
}

function MobileCategories() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<MenuOpen />}
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        sx={{ bgcolor: 'background.paper' }}
      >
        {t('catalog.categories')}
      </Button>
      <Drawer
        anchor="left"
        open={open}
        onClose={close}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { width: 'min(340px, 88vw)', p: 1 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1 }}>
          <Typography id={titleId} component="h2" variant="h3">
            {t('catalog.categories')}
          </Typography>
          <IconButton
            onClick={close}
            aria-label={t('catalog.closeCategories')}
            title={t('catalog.closeCategories')}
          >
            <Close />
          </IconButton>
        </Box>
        <CategorySidebar onNavigate={close} />
      </Drawer>
    </>
  );
}

function OrderedProductsLogin() {
  const { t } = useTranslation();
  return (
    <Alert
      severity="info"
      role="status"
      variant="outlined"
      sx={{ bgcolor: 'background.paper' }}
      action={
        <Button component={RouterLink} to="/login" color="inherit" size="small">
          {t('product.login')}
        </Button>
      }
    >
      {t('catalog.orderedLogin')}
    </Alert>
  );
}

function Listing({ name }: { name: RouteName | undefined }) {
  const params = useParams();
  const auth = useAuth();
  const title = useListingTitle(name);
  const handle = useRouteHandle();
  usePageDocumentTitle(handle.ownDocumentTitle ? title : null);
  const { endpoint, filter } = listingForRoute(name, params);
  return (
    <Box component="section">
      <PageHeading>{title}</PageHeading>
      {name === 'ordered-products' && !auth ? (
        <OrderedProductsLogin />
      ) : (
        // A new filter starts a new listing (its own manufacturers-bar state).
        <ProductListing key={JSON.stringify([endpoint, filter])} endpoint={endpoint} filter={filter} />
      )}
    </Box>
  );
}

/**
 * Home / product listing (docs/product.md §2): the categories sidebar (3/12 at 1280 px and wider, a
 * drawer below), and the listing of the route's filter. The search route renders its results
 * through the outlet; login, registration and forgot-password render their dialogs over the
 * home listing. `?product=SKU` opens the product dialog on any of them.
 */
export function CatalogPage() {
  const handle = useRouteHandle();
  const [searchParams] = useSearchParams();
  const isSearch = handle.name === 'search';
  return (
    <>
      <Box
        sx={{
          display: 'grid',
          gap: { xs: 2, lg: 3 },
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 9fr)' },
          alignItems: 'start',
        }}
      >
        <Box
          component="aside"
          sx={{
            display: { xs: 'none', lg: 'block' },
            position: 'sticky',
            top: 88,
            maxHeight: 'calc(100vh - 104px)',
            overflowY: 'auto',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            p: 1,
          }}
        >
          {/* Hidden below 1280 px: a phone never hydrates it (the drawer has its own), a wide screen
              at once (issue 20). */}
          <HydrateWhenNear>
            <CategorySidebar />
          </HydrateWhenNear>
        </Box>
        <Box sx={{ display: { xs: 'flex', lg: 'none' } }}>
          <MobileCategories />
        </Box>
        <Box sx={{ minWidth: 0 }}>{isSearch ? <Outlet /> : <Listing name={handle.name} />}</Box>
      </Box>
      {!isSearch && <Outlet />}
      {searchParams.has(PRODUCT_PARAM) && (
        <Suspense fallback={null}>
          <ProductDialogFromUrl />
        </Suspense>
      )}
    </>
  );
}
