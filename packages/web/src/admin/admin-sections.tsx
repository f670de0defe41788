import type { SvgIconComponent } from '@mui/icons-material';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import ArticleOutlined from '@mui/icons-material/ArticleOutlined';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import HistoryOutlined from '@mui/icons-material/HistoryOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StoreMallDirectoryOutlined from '@mui/icons-material/StoreMallDirectoryOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import CategoryOutlined from '@mui/icons-material/CategoryOutlined';
import FactoryOutlined from '@mui/icons-material/FactoryOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import VpnKeyOutlined from '@mui/icons-material/VpnKeyOutlined';
import type { ComponentType } from 'react';
import type { AdminPermission } from '@shop/shared/rules/admin-permissions';

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
    lazy: () => import('./sections/registrations/registrations-page'),
  },
  {
    path: 'customers',
    permission: 'customers',
    labelKey: 'nav.customers',
    icon: PeopleOutlined,
    lazy: () => import('./sections/customers/customers-page'),
  },
  {
    path: 'staff',
    permission: 'staff',
    labelKey: 'nav.staff',
    icon: BadgeOutlined,
    lazy: () => import('./sections/staff/staff-page'),
  },
  {
    path: 'audit',
    permission: 'audit',
    labelKey: 'nav.audit',
    icon: HistoryOutlined,
    lazy: () => import('./sections/audit/audit-page'),
  },
  {
    path: 'statistics',
    permission: 'statistics',
    labelKey: 'nav.statistics',
    icon: InsightsOutlined,
    lazy: () => import('./sections/statistics/statistics-page'),
  },
  {
    path: 'products',
    permission: 'catalogue',
    labelKey: 'nav.products',
    icon: Inventory2Outlined,
    lazy: () => import('./sections/products/products-page'),
  },
  {
    path: 'import',
    permission: 'catalogue',
    labelKey: 'nav.import',
    icon: UploadFileOutlined,
    lazy: () => import('./sections/import/import-page'),
  },
  {
    path: 'categories',
    permission: 'catalogue',
    labelKey: 'nav.categories',
    icon: CategoryOutlined,
    lazy: () => import('./sections/categories/categories-page'),
  },
  {
    path: 'manufacturers',
    permission: 'catalogue',
    labelKey: 'nav.manufacturers',
    icon: FactoryOutlined,
    lazy: () => import('./sections/manufacturers/manufacturers-page'),
  },
  {
    path: 'api-keys',
    permission: 'integration',
    labelKey: 'nav.apiKeys',
    icon: VpnKeyOutlined,
    lazy: () => import('./sections/api-keys/api-keys-page'),
  },
  {
    path: 'orders',
    permission: 'orders',
    labelKey: 'nav.orders',
    icon: ReceiptLongOutlined,
    lazy: () => import('./sections/orders/orders-page'),
  },
  {
    path: 'logistics',
    permission: 'logistics',
    labelKey: 'nav.logistics',
    icon: LocalShippingOutlined,
    lazy: () => import('./sections/logistics/logistics-page'),
  },
  {
    path: 'shop-closed',
    permission: 'settings',
    labelKey: 'nav.shopClosed',
    icon: StoreMallDirectoryOutlined,
    lazy: () => import('./sections/shop-closed/shop-closed-page'),
  },
  {
    path: 'news',
    permission: 'content',
    labelKey: 'nav.news',
    icon: AnnouncementOutlined,
    lazy: () => import('./sections/news/news-page'),
  },
  {
    path: 'content',
    permission: 'content',
    labelKey: 'nav.content',
    icon: ArticleOutlined,
    lazy: () => import('./sections/content/content-page'),
  },
  {
    path: 'newspapers',
    permission: 'content',
    labelKey: 'nav.newspapers',
    icon: MenuBookOutlined,
    lazy: () => import('./sections/newspapers/newspapers-page'),
  },
];
