import type { SvgIconComponent } from '@mui/icons-material';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PhotoLibraryOutlined from '@mui/icons-material/PhotoLibraryOutlined';
import PlaylistAddCheckOutlined from '@mui/icons-material/PlaylistAddCheckOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import RequestQuoteOutlined from '@mui/icons-material/RequestQuoteOutlined';
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import WebhookOutlined from '@mui/icons-material/WebhookOutlined';
import OutboxOutlined from '@mui/icons-material/OutboxOutlined';
import type { ComponentType } from 'react';
import type { AdminPermission } from '@shop/shared/rules/admin-permissions';
import { loadMessages } from '../i18n/i18n';

/**
 * A section's module once the shop messages its forms use are there too: the shared validation
 * texts (`account`) and the error codes (`feedback`) that field errors show under the fields.
 */
function withFormMessages<T>(page: Promise<T>, messages: Promise<void>): Promise<T> {
  return Promise.all([page, messages]).then(([module]) => module);
}

/**
 * The back office's sections: one entry each. The navigation drawer lists the sections the
 * signed-in role may use (in this order); `/admin/<path>/*` renders the section's page, loaded
 * with the section. A section keeps its texts in `sections/<section>/i18n/{hu,en,vi,zh}.json`;
 * its navigation label `labelKey` is in the shared `admin/i18n/*.json` (namespace `admin`).
 */
export interface AdminSection {
  /** The URL segment under /admin, e.g. 'customers'. */
  path: string;
  permission: AdminPermission;
  /** Key of the navigation label in the shared admin messages, e.g. 'nav.customers'. */
  labelKey: string;
  icon: SvgIconComponent;
  /** The section's page; it may render its own nested <Routes>. */
  lazy: () => Promise<{ default: ComponentType }>;
}

export const adminSections: AdminSection[] = [
  {
    path: 'registrations',
    permission: 'registrations',
    labelKey: 'nav.registrations',
    icon: HowToRegOutlined,
    lazy: () =>
      withFormMessages(
        import('./sections/registrations/registrations-page'),
        loadMessages('account', 'feedback'),
      ),
  },
  {
    path: 'customers',
    permission: 'customers',
    labelKey: 'nav.customers',
    icon: PeopleOutlined,
    lazy: () =>
      withFormMessages(import('./sections/customers/customers-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'staff',
    permission: 'staff',
    labelKey: 'nav.staff',
    icon: BadgeOutlined,
    lazy: () => withFormMessages(import('./sections/staff/staff-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'audit',
    permission: 'audit',
    labelKey: 'nav.audit',
    icon: HistoryOutlined,
    lazy: () => withFormMessages(import('./sections/audit/audit-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'statistics',
    permission: 'statistics',
    labelKey: 'nav.statistics',
    icon: InsightsOutlined,
    lazy: () =>
      withFormMessages(import('./sections/statistics/statistics-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'products',
    permission: 'catalogue',
    labelKey: 'nav.products',
    icon: Inventory2Outlined,
    lazy: () =>
      withFormMessages(import('./sections/products/products-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'import',
    permission: 'catalogue',
    labelKey: 'nav.import',
    icon: UploadFileOutlined,
    lazy: () =>
      withFormMessages(import('./sections/import/import-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'product-photos',
    permission: 'catalogue',
    labelKey: 'nav.productPhotos',
    icon: PhotoLibraryOutlined,
    lazy: () =>
      withFormMessages(
        import('./sections/product-photos/product-photos-page'),
        loadMessages('account', 'feedback'),
      ),
  },
  {
    // Customer assortments (issue 17): what a customer may see and order.
    path: 'assortments',
    permission: 'catalogue',
    labelKey: 'nav.assortments',
    icon: PlaylistAddCheckOutlined,
    lazy: () =>
      withFormMessages(
        import('./sections/assortments/assortments-page'),
        loadMessages('account', 'feedback'),
      ),
  },
  {
    path: 'categories',
    permission: 'catalogue',
    labelKey: 'nav.categories',
    icon: CategoryOutlined,
    lazy: () =>
      withFormMessages(import('./sections/categories/categories-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'manufacturers',
    permission: 'catalogue',
    labelKey: 'nav.manufacturers',
    icon: FactoryOutlined,
    lazy: () =>
      withFormMessages(
        import('./sections/manufacturers/manufacturers-page'),
        loadMessages('account', 'feedback'),
      ),
  },
  {
    path: 'api-keys',
    permission: 'integration',
    labelKey: 'nav.apiKeys',
    icon: VpnKeyOutlined,
    lazy: () =>
      withFormMessages(import('./sections/api-keys/api-keys-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'webhooks',
    permission: 'integration',
    labelKey: 'nav.webhooks',
    icon: WebhookOutlined,
    lazy: () =>
      withFormMessages(import('./sections/webhooks/webhooks-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'outbox',
    permission: 'integration',
    labelKey: 'nav.outbox',
    icon: OutboxOutlined,
    lazy: () =>
      withFormMessages(import('./sections/outbox/outbox-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'orders',
    permission: 'orders',
    labelKey: 'nav.orders',
    icon: ReceiptLongOutlined,
    lazy: () =>
      withFormMessages(import('./sections/orders/orders-page'), loadMessages('account', 'feedback')),
  },
  {
    // Quotes (issue 16): the inbox of requests for quote and the answer form.
    path: 'quotes',
    permission: 'orders',
    labelKey: 'nav.quotes',
    icon: RequestQuoteOutlined,
    lazy: () =>
      withFormMessages(import('./sections/quotes/quotes-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'logistics',
    permission: 'logistics',
    labelKey: 'nav.logistics',
    icon: LocalShippingOutlined,
    lazy: () =>
      withFormMessages(import('./sections/logistics/logistics-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'shop-closed',
    permission: 'settings',
    labelKey: 'nav.shopClosed',
    icon: StoreMallDirectoryOutlined,
    lazy: () =>
      withFormMessages(
        import('./sections/shop-closed/shop-closed-page'),
        loadMessages('account', 'feedback'),
      ),
  },
  {
    path: 'news',
    permission: 'content',
    labelKey: 'nav.news',
    icon: AnnouncementOutlined,
    lazy: () => withFormMessages(import('./sections/news/news-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'content',
    permission: 'content',
    labelKey: 'nav.content',
    icon: ArticleOutlined,
    lazy: () =>
      withFormMessages(import('./sections/content/content-page'), loadMessages('account', 'feedback')),
  },
  {
    path: 'newspapers',
    permission: 'content',
    labelKey: 'nav.newspapers',
    icon: MenuBookOutlined,
    lazy: () =>
      withFormMessages(import('./sections/newspapers/newspapers-page'), loadMessages('account', 'feedback')),
  },
];
