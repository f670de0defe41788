import type { ColumnType, Generated, Selectable } from 'kysely';

/**
 * Column conventions, the same on SQLite and PostgreSQL so that one query code path serves both:
 * - ids: integer, generated;
 * - booleans: integer 0/1 (`Flag`);
 * - instants: ISO-8601 UTC text (`Instant`), which sorts and compares as text;
 * - calendar dates: 'YYYY-MM-DD' text;
 * - money: integer minor units (1/100 Ft), gross unless the column says net;
 * - weights: integer grams; percentages of discount: integer basis points (1/100 %).
 */
export type Flag = 0 | 1;
export type Instant = string;
type Id = Generated<number>;
type CreatedAt = ColumnType<Instant, Instant | undefined, never>;
/** A column with a database default: optional on insert. */
type Default<T> = ColumnType<T, T | undefined, T>;

/** The instants of a row that changes after it is made: when it was made (never updated) and last changed. */
export interface Timestamps {
  created_at: CreatedAt;
  updated_at: Default<Instant>;
}

export type UserRole = 'customer' | 'agent' | 'admin' | 'staff';
/** A customer login's role in its company (issue 15, migration 007). */
export type CompanyRole = 'owner' | 'approver' | 'buyer' | 'requester';
export type PackUnit = 'piece' | 'carton' | 'row' | 'collector' | 'pallet';

export interface UsersTable extends Timestamps {
  id: Id;
  email: string;
  username: string | null;
  password_hash: string;
  role: UserRole;
  name: string;
  phone: string | null;
  customer_id: number | null;
  language: Default<string>;
  is_active: Default<Flag>;
  is_disabled: Default<Flag>;
  email_verified_at: Instant | null;
  email_verification_code_hash: string | null;
  email_verification_expires_at: Instant | null;
  reset_password_code_hash: string | null;
  reset_password_expires_at: Instant | null;
  must_change_password: Default<Flag>;
  token_version: Default<number>;
  failed_login_count: Default<number>;
  failed_login_window_start: Instant | null;
  locked_until: Instant | null;
  current_shipping_address_id: number | null;
  approved_at: Instant | null;
  rejected_at: Instant | null;
  rejection_reason: string | null;
  /** Role in the company (customer logins; migration 007, default `owner`). */
  company_role: Default<CompanyRole>;
  /** Per-order and monthly limit, gross minor units; null = none. */
  order_limit: Default<number | null>;
  monthly_limit: Default<number | null>;
  /** An open invitation: SHA-256 of its single-use code and when it expires. */
  invite_code_hash: Default<string | null>;
  invite_expires_at: Default<Instant | null>;
  invited_by_user_id: Default<number | null>;
  /** Removed from its company by an owner or staff (kept for the orders it placed). */
  removed_at: Default<Instant | null>;
}

/** The shipping addresses a company user may use (none listed = all of the company's; migration 007). */
export interface UserShippingAddressesTable {
  user_id: number;
  shipping_address_id: number;
}

/** The billing address columns of `customers`, and of the copy an order keeps in `orders`. */
export interface BillingAddressColumns {
  billing_country: string;
  billing_country_code: string | null;
  billing_zip: string;
  billing_city: string;
  billing_apt_suite: string;
}

export interface CustomersTable extends BillingAddressColumns, Timestamps {
  id: Id;
  name: string;
  email: string;
  phone: string | null;
  is_company: Default<Flag>;
  company_registration_number: string | null;
  tax_number: string | null;
  agent_user_id: number | null;
  price_group: string | null;
  customer_discount_bp: Default<number>;
  /** The ERP's customer code (integration API upsert key); unique, null when unknown. */
  erp_code: Default<string | null>;
  /** Place-order needs a purchase-order number (migration 008, issue 16). */
  purchase_order_number_required: Default<Flag>;
  /** Minor units; null = no credit limit. */
  credit_limit: Default<number | null>;
  /** Minor units: what the customer owed at `open_balance_at` (staff or the ERP). */
  open_balance: Default<number>;
  open_balance_at: Default<Instant | null>;
}

export interface DeliveryRoutesTable {
  id: Id;
  name: string;
  /** ISO weekdays the route runs, comma separated, 1 = Monday ... 7 = Sunday. */
  weekdays: string;
  /** Order cut-off on the day before a route day, 'HH:MM' in the shop's time zone. */
  cutoff_time: Default<string>;
  /** Shown to buyers, e.g. '08:00-12:00'; hidden while a holiday period applies. */
  route_time: string | null;
}

export interface HolidayPeriodsTable {
  id: Id;
  name: string;
  start_date: string;
  end_date: string;
  /** JSON array of 'YYYY-MM-DD' replacement delivery days. */
  replacement_dates: Default<string>;
  hides_route_times: Default<Flag>;
}

export interface ShippingAddressesTable {
  id: Id;
  customer_id: number;
  zip: string;
  city: string;
  apt_suite: string;
  country: string;
  country_code: string | null;
  logistics_cost: Default<number>;
  note: string | null;
  delivery_route_id: number | null;
  is_active: Default<Flag>;
  created_at: CreatedAt;
}

export interface ManufacturersTable {
  id: Id;
  name: string;
  slug: string;
}

export interface CategoriesTable {
  id: Id;
  parent_id: number | null;
  slug: string;
  sort_order: Default<number>;
}

export interface CategoryTranslationsTable {
  category_id: number;
  language: string;
  name: string;
  /** Folded (lower case, no accents) name for search. */
  search_name: string;
}

export interface ProductsTable extends Timestamps {
  id: Id;
  sku: string;
  manufacturer_id: number | null;
  vat: number;
  weight: Default<number>;
  image: string | null;
  stock: Default<number>;
  is_active: Default<Flag>;
  is_orderable: Default<Flag>;
  is_seasonal: Default<Flag>;
  min_order_quantity: PackUnit | null;
  max_order_quantity: PackUnit | null;
  order_quantity_step: Default<number>;
  /** Folded names of every language, SKU and barcodes, for search. */
  search_text: Default<string>;
  /** The product's photos as JSON (modules/product-photos, migration 010); null = none. */
  photos: Default<string | null>;
}

/** An uploaded product photo (migration 010); files under images/photos/<hash>-<width>.webp|jpg. */
export interface ProductPhotosTable {
  id: Id;
  product_id: number;
  hash: string;
  position: number;
  width: number;
  height: number;
  /** The stored widths, comma separated, ascending. */
  widths: string;
  alt_hu: Default<string>;
  alt_en: Default<string>;
  alt_vi: Default<string>;
  alt_zh: Default<string>;
  created_at: Instant;
}

/** A user waiting for an out-of-stock product (migration 010); deleted when its mail is queued. */
export interface BackInStockRequestsTable {
  id: Id;
  user_id: number;
  product_id: number;
  created_at: Instant;
}

/** A customer assortment (migration 013, modules/assortments): what its customers see and order. */
export interface AssortmentsTable {
  id: Id;
  name: string;
  created_at: Instant;
  updated_at: Instant;
}

/** An included category (a main category includes its subcategories). */
export interface AssortmentCategoriesTable {
  assortment_id: number;
  category_id: number;
}

/** A product included (excluded 0) or excluded (excluded 1) one by one; an exclusion wins. */
export interface AssortmentProductsTable {
  assortment_id: number;
  product_id: number;
  excluded: Default<Flag>;
}

/** A customer's own assortment (wins over its price group's). */
export interface AssortmentCustomersTable {
  customer_id: number;
  assortment_id: number;
}

/** The assortment of every customer of a price group without one of its own. */
export interface AssortmentPriceGroupsTable {
  price_group: string;
  assortment_id: number;
}

export interface ProductDetailsTable {
  product_id: number;
  language: string;
  name: string;
  description: Default<string>;
}

export interface ProductCategoriesTable {
  product_id: number;
  category_id: number;
}

export interface PackSizesTable {
  id: Id;
  product_id: number;
  unit: PackUnit;
  pieces: number;
  barcode: string | null;
}

export interface PriceEntriesTable {
  id: Id;
  product_id: number;
  /** Null: the list price for everyone; otherwise only for customers of this price group. */
  price_group: string | null;
  /** Gross price per piece, minor units. */
  price: number;
  special_price: number | null;
  special_price_start: Instant | null;
  special_price_end: Instant | null;
  /** Quantity threshold in pieces from which this entry applies. */
  quantity_discount: Default<number>;
  quantitative_unit: PackUnit;
}

export interface PriceHistoryTable {
  id: Id;
  product_id: number;
  price_group: string | null;
  quantitative_unit: PackUnit;
  price: number;
  recorded_on: string;
}

export interface ShippingMethodsTable {
  id: Id;
  code: string;
  name: string;
  cost: Default<number>;
  is_home_delivery: Default<Flag>;
  is_active: Default<Flag>;
  sort_order: Default<number>;
  /** Gross minor units the items must reach (0 = none; migration 008). */
  minimum_order_value: Default<number>;
}

export interface PaymentMethodsTable {
  id: Id;
  code: string;
  name: string;
  term_days: Default<number>;
  is_active: Default<Flag>;
  sort_order: Default<number>;
  /** Paid later (bank transfer with days, deferred cash): checked against the credit limit (migration 008). */
  is_deferred: Default<Flag>;
}

export interface CustomerPaymentMethodsTable {
  customer_id: number;
  payment_method_id: number;
}

/** The checkout choices of `carts`, and of the copy an approval request keeps in `approvals`. */
export interface CheckoutChoiceColumns {
  shipping_method_id: number | null;
  payment_method_id: number | null;
  delivery_date: string | null;
  comment_webshop: Default<string>;
  comment_supplier: Default<string>;
  /** The buyer's purchase-order number ('' = none; migration 008). */
  purchase_order_number: Default<string>;
}

export interface CartsTable extends CheckoutChoiceColumns, Timestamps {
  id: Id;
  user_id: number;
  customer_id: number;
  version: Default<number>;
}

export interface CartItemsTable {
  cart_id: number;
  product_id: number;
  quantity: number;
  updated_at: Default<Instant>;
}

export interface OrdersTable extends BillingAddressColumns, Timestamps {
  id: Id;
  customer_id: number;
  user_id: number;
  agent_user_id: number | null;
  /** The cart and its version the order was made from: unique, so a cart never becomes two orders. */
  source_cart_id: number;
  source_cart_version: number;
  status: Default<string>;
  language: Default<string>;
  shipping_method_code: string;
  shipping_method_name: string;
  payment_method_code: string;
  payment_method_name: string;
  payment_term_days: Default<number>;
  delivery_date: string | null;
  comment_webshop: Default<string>;
  comment_supplier: Default<string>;
  customer_name: string;
  customer_email: string;
  customer_tax_number: string | null;
  customer_company_registration_number: string | null;
  shipping_address_id: number | null;
  shipping_country: string | null;
  shipping_country_code: string | null;
  shipping_zip: string | null;
  shipping_city: string | null;
  shipping_apt_suite: string | null;
  items_sum_gross: number;
  items_sum_net: number;
  items_count: number;
  items_pieces: number;
  items_weight: number;
  logistics_cost: Default<number>;
  shipping_cost: Default<number>;
  erp_acknowledged_at: Instant | null;
  /** The buyer's purchase-order number, null when none (migration 008). */
  purchase_order_number: Default<string | null>;
  /** Paid by a deferred method: counts against the credit limit until the next balance. */
  payment_is_deferred: Default<Flag>;
  /** Who approved the order and the request it came from (migration 011, issue 15); null when none. */
  approved_by_user_id: Default<number | null>;
  approval_id: Default<number | null>;
}

export interface OrderItemsTable {
  id: Id;
  order_id: number;
  product_id: number | null;
  sku: string;
  name: string;
  quantity: number;
  unit_price: number;
  vat: number;
  weight: number;
  line_gross: number;
  line_net: number;
}

export interface OrderStatusHistoryTable {
  id: Id;
  order_id: number;
  status: string;
  changed_by_user_id: number | null;
  created_at: CreatedAt;
}

export interface NewsTable {
  id: Id;
  starts_at: Instant | null;
  ends_at: Instant | null;
  is_active: Default<Flag>;
  created_at: CreatedAt;
}

export interface NewsTranslationsTable {
  news_id: number;
  language: string;
  title: string;
  description: string;
}

export interface NewsProductsTable {
  news_id: number;
  product_id: number;
  sort_order: Default<number>;
}

export interface ContentPagesTable {
  id: Id;
  path: string;
  sort_order: Default<number>;
  updated_at: Default<Instant>;
}

export interface ContentPageTranslationsTable {
  page_id: number;
  language: string;
  title: string;
  description: string;
}

export interface NewspapersTable {
  id: Id;
  title: string;
  language: string | null;
  valid_from: string;
  valid_to: string;
  file_name: string;
  /** Path relative to the data folder. */
  file_path: string;
  created_at: CreatedAt;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Default<Instant>;
}

export interface ShopClosedWindowsTable {
  id: Id;
  /** Local wall-clock time in the shop's time zone, 'YYYY-MM-DDTHH:MM'. */
  starts_at: string;
  ends_at: string;
  note: string | null;
}

export interface PageViewsTable {
  id: Id;
  path: string;
  language: string;
  user_id: number | null;
  created_at: CreatedAt;
}

export interface AuditLogTable {
  id: Id;
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: CreatedAt;
}

export interface ApiKeysTable {
  id: Id;
  name: string;
  prefix: string;
  key_hash: string;
  created_by_user_id: number | null;
  last_used_at: Instant | null;
  revoked_at: Instant | null;
  created_at: CreatedAt;
}

export interface IntegrationBatchesTable {
  batch_id: string;
  kind: string;
  result_json: string;
  created_at: CreatedAt;
}

/** Webhook endpoints (modules/webhooks, docs/decisions/0020-webhooks.md). */
export interface WebhookEndpointsTable {
  id: Id;
  url: string;
  description: Default<string>;
  /** JSON array of event types. */
  events: string;
  enabled: Default<number>;
  /** `whsec_…`: signs every delivery. */
  secret: string;
  /** The secret before the last rotation; also signs until `previous_secret_expires_at`. */
  previous_secret: string | null;
  previous_secret_expires_at: Instant | null;
  /** Since when every attempt failed (null: the last one succeeded). */
  failing_since: Instant | null;
  /** Why the shop disabled it: 'gone' (410) or 'failing' (24 h); null when enabled or by hand. */
  disabled_reason: string | null;
  created_at: Instant;
  updated_at: Instant;
}

/** One event for one endpoint; its outbox row delivers it. */
export interface WebhookDeliveriesTable {
  id: Id;
  endpoint_id: number;
  /** The `webhook-id` header: the same over every attempt and resend. */
  webhook_id: string;
  event_type: string;
  /** The body exactly as sent. */
  payload: string;
  /** The outbox row of the latest send (null once pruned). */
  outbox_id: number | null;
  attempts: Default<number>;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: Instant | null;
  delivered_at: Instant | null;
  created_at: Instant;
}

/** The transactional outbox (modules/outbox, docs/decisions/0019-outbox.md). */
export interface OutboxTable {
  id: Id;
  kind: 'mail' | 'webhook';
  /** The message's stable id (the mail's Message-ID, the webhook's `webhook-id`). */
  message_id: string;
  /** A mail's recipient, a webhook's endpoint. */
  target: string;
  /** A mail's subject, a webhook's event type. */
  topic: string;
  /** JSON; null once a mail has been sent (its links and codes are not kept). */
  payload: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: Default<number>;
  next_attempt_at: Instant;
  lease_until: Instant | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: Instant;
  sent_at: Instant | null;
}

/** Saved order lists of a customer (migration 009, issue 16): shared by its users and its agent. */
export interface OrderListsTable extends Timestamps {
  id: Id;
  customer_id: number;
  /** Unique within the customer. */
  name: string;
  created_by_user_id: number | null;
  /** Bumped by every change of the list or its lines. */
  version: Default<number>;
}

export interface OrderListItemsTable {
  list_id: number;
  product_id: number;
  /** Pieces. */
  quantity: number;
  /** Order of the lines as saved (0-based). */
  position: number;
}

export type ApprovalStatus = 'pending' | 'approved' | 'rejected' | 'expired';

/** A cart sent for approval (migration 011, issue 15): its checkout choices, totals and decision. */
export interface ApprovalsTable extends CheckoutChoiceColumns {
  id: Id;
  customer_id: number;
  requester_user_id: number;
  status: Default<ApprovalStatus>;
  shipping_address_id: number | null;
  items_sum_gross: number;
  grand_total: number;
  items_count: number;
  /** The snapshot's prices hold until then; afterwards the request expires. */
  expires_at: Instant;
  decided_by_user_id: number | null;
  decided_at: Instant | null;
  /** A rejection's reason. */
  reason: string | null;
  /** The order an approval placed. */
  order_id: number | null;
  /** The quote whose acceptance this request is (migration 014); null for a cart. */
  quote_id: number | null;
  created_at: Instant;
  updated_at: Instant;
}

/** The lines of an approval request as the server priced them. */
export interface ApprovalItemsTable {
  approval_id: number;
  product_id: number;
  sku: string;
  name: string;
  quantity: number;
  /** Gross per piece as priced when requested. */
  unit_price: number;
  vat: number;
  line_gross: number;
}

/** Quotes (migration 012, issue 16): asked for from a cart, answered by staff or the agent. */
export interface QuotesTable extends Timestamps {
  id: Id;
  customer_id: number;
  /** The login that asked (a customer's user, or the agent acting for it). */
  user_id: number;
  agent_user_id: number | null;
  /** requested | offered | pending_approval | accepted | rejected | declined | expired */
  status: Default<string>;
  message: Default<string>;
  wished_delivery_date: string | null;
  /** The last day (shop time zone) the offer may be accepted. */
  valid_until: string | null;
  staff_message: string | null;
  answered_by_user_id: number | null;
  answered_at: Instant | null;
  reject_reason: string | null;
  /** When it was accepted, rejected, declined or expired. */
  decided_at: Instant | null;
  order_id: number | null;
  /** Grows with every change: an accept orders exactly the offer it read. */
  version: Default<number>;
}

export interface QuoteLinesTable {
  quote_id: number;
  product_id: number;
  position: number;
  requested_quantity: number;
  offered_quantity: number | null;
  /** Gross per piece, minor units. */
  offered_price: number | null;
}

export interface Database {
  users: UsersTable;
  user_shipping_addresses: UserShippingAddressesTable;
  customers: CustomersTable;
  delivery_routes: DeliveryRoutesTable;
  holiday_periods: HolidayPeriodsTable;
  shipping_addresses: ShippingAddressesTable;
  manufacturers: ManufacturersTable;
  categories: CategoriesTable;
  category_translations: CategoryTranslationsTable;
  products: ProductsTable;
  product_details: ProductDetailsTable;
  product_photos: ProductPhotosTable;
  back_in_stock_requests: BackInStockRequestsTable;
  assortments: AssortmentsTable;
  assortment_categories: AssortmentCategoriesTable;
  assortment_products: AssortmentProductsTable;
  assortment_customers: AssortmentCustomersTable;
  assortment_price_groups: AssortmentPriceGroupsTable;
  product_categories: ProductCategoriesTable;
  pack_sizes: PackSizesTable;
  price_entries: PriceEntriesTable;
  price_history: PriceHistoryTable;
  shipping_methods: ShippingMethodsTable;
  payment_methods: PaymentMethodsTable;
  customer_payment_methods: CustomerPaymentMethodsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_history: OrderStatusHistoryTable;
  news: NewsTable;
  news_translations: NewsTranslationsTable;
  news_products: NewsProductsTable;
  content_pages: ContentPagesTable;
  content_page_translations: ContentPageTranslationsTable;
  newspapers: NewspapersTable;
  settings: SettingsTable;
  shop_closed_windows: ShopClosedWindowsTable;
  page_views: PageViewsTable;
  audit_log: AuditLogTable;
  api_keys: ApiKeysTable;
  integration_batches: IntegrationBatchesTable;
  outbox: OutboxTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  order_lists: OrderListsTable;
  order_list_items: OrderListItemsTable;
  approvals: ApprovalsTable;
  approval_items: ApprovalItemsTable;
  quotes: QuotesTable;
  quote_lines: QuoteLinesTable;
}

export type UserRow = Selectable<UsersTable>;
export type CustomerRow = Selectable<CustomersTable>;
export type ProductRow = Selectable<ProductsTable>;
