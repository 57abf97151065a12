import type { Generated } from 'kysely';

/**
 * Database tables. Money columns hold integer paise; timestamps are ISO-8601 UTC text so that
 * they sort and compare the same way on SQLite and PostgreSQL; flags are 0/1 integers.
 */
export interface Database {
  app_secrets: AppSecretTable;
  companies: CompanyTable;
  branches: BranchTable;
  settings: SettingTable;
  company_pages: CompanyPageTable;
  categories: CategoryTable;
  special_categories: SpecialCategoryTable;
  special_category_products: SpecialCategoryProductTable;
  products: ProductTable;
  variants: VariantTable;
  branch_stock: BranchStockTable;
  offers: OfferTable;
  offer_products: OfferProductTable;
  delivery_slots: DeliverySlotTable;
  coupons: CouponTable;
  coupon_redemptions: CouponRedemptionTable;
  faqs: FaqTable;
  customers: CustomerTable;
  otp_codes: OtpCodeTable;
  cart_items: CartItemTable;
  addresses: AddressTable;
  orders: OrderTable;
  order_items: OrderItemTable;
  order_events: OrderEventTable;
  payments: PaymentTable;
  webhook_events: WebhookEventTable;
  wallet_ledger: WalletLedgerTable;
  loyalty_ledger: LoyaltyLedgerTable;
  return_reasons: ReturnReasonTable;
  uploads: UploadTable;
  sandbox_orders: SandboxOrderTable;
  sandbox_payments: SandboxPaymentTable;
  sandbox_refunds: SandboxRefundTable;
}

export interface AppSecretTable {
  name: string;
  value: string;
}

export interface CompanyTable {
  id: number;
  name: string;
  display_name: string;
  currency_symbol: string;
  currency_code: string;
  decimal_value: number;
  phone: string;
  email: string;
  address: string;
  about: string;
  theme_color: string;
  logo: string;
  return_window_hours: number;
  created_at: string;
}

export interface BranchTable {
  id: number;
  company_id: number;
  name: string;
  address: string;
  phone: string;
  active: number;
}

export interface SettingTable {
  id: Generated<number>;
  company_id: number;
  key_code: string;
  value: string;
  active: number;
  description: string;
}

export interface CompanyPageTable {
  id: Generated<number>;
  company_id: number;
  slug: string;
  title: string;
  body: string;
}

export interface CategoryTable {
  id: number;
  company_id: number;
  name: string;
  description: string;
  image: string;
  sort_order: number;
  active: number;
}

export interface SpecialCategoryTable {
  id: number;
  company_id: number;
  name: string;
  description: string;
  image: string;
  sort_order: number;
  active: number;
}

export interface SpecialCategoryProductTable {
  special_category_id: number;
  product_id: number;
  sort_order: number;
}

export interface ProductTable {
  id: number;
  company_id: number;
  category_id: number;
  name: string;
  description: string;
  image: string;
  unit_label: string;
  is_variant_enabled: number;
  active: number;
  /** Lower-case name, category and description, for case-insensitive partial search. */
  search_text: string;
  sort_order: number;
  created_at: string;
  updated_at: string;
}

export interface VariantTable {
  id: number;
  product_id: number;
  name: string;
  active: number;
  sort_order: number;
}

/**
 * Prices and stock per branch and product (variant_id 0 for a product without variants).
 * Units move between available, reserved (awaiting payment) and sold; their sum changes only
 * when the shop restocks.
 */
export interface BranchStockTable {
  id: Generated<number>;
  branch_id: number;
  product_id: number;
  variant_id: number;
  s_rate: number;
  o_rate: number | null;
  available: number;
  reserved: number;
  sold: number;
  active: number;
  updated_at: string;
}

export interface OfferTable {
  id: number;
  company_id: number;
  branch_id: number | null;
  title: string;
  description: string;
  image: string;
  badge: string;
  category_id: number | null;
  active: number;
  starts_at: string;
  ends_at: string;
  sort_order: number;
}

export interface OfferProductTable {
  offer_id: number;
  product_id: number;
}

export interface DeliverySlotTable {
  id: Generated<number>;
  company_id: number;
  branch_id: number;
  slot_date: string;
  start_time: string;
  end_time: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  booked: number;
  active: number;
}

export interface CouponTable {
  id: Generated<number>;
  company_id: number;
  code: string;
  title: string;
  description: string;
  discount_type: 'PERCENT' | 'FLAT';
  /** Percent (whole number) or paise, per discount_type. */
  discount_value: number;
  max_discount: number | null;
  min_order: number;
  per_customer_limit: number;
  valid_from: string;
  valid_to: string;
  active: number;
}

export interface CouponRedemptionTable {
  id: Generated<number>;
  coupon_id: number;
  customer_id: number;
  order_id: number;
  status: 'RESERVED' | 'USED' | 'RELEASED';
  created_at: string;
}

export interface FaqTable {
  id: Generated<number>;
  company_id: number;
  question: string;
  answer: string;
  sort_order: number;
  active: number;
}

export interface CustomerTable {
  id: Generated<number>;
  company_id: number;
  mobile: string;
  name: string;
  email: string;
  wallet_balance: number;
  loyalty_points: number;
  created_at: string;
  updated_at: string;
}

export interface OtpCodeTable {
  id: Generated<number>;
  company_id: number;
  mobile: string;
  code_hash: string;
  client_ip: string;
  attempts: number;
  expires_at: string;
  consumed_at: string | null;
  created_at: string;
}

export interface CartItemTable {
  id: Generated<number>;
  customer_id: number;
  company_id: number;
  branch_id: number;
  product_id: number;
  variant_id: number;
  qty: number;
  added_at: string;
  updated_at: string;
}

export interface AddressTable {
  id: Generated<number>;
  customer_id: number;
  name: string;
  phone: string;
  house: string;
  street: string;
  landmark: string;
  city: string;
  state: string;
  pincode: string;
  latitude: number | null;
  longitude: number | null;
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface OrderTable {
  id: Generated<number>;
  order_no: string;
  company_id: number;
  branch_id: number;
  customer_id: number;
  status: string;
  payment_method: 'ONLINE' | 'COD';
  payment_status: 'PENDING' | 'CAPTURED' | 'FAILED' | 'REFUNDED' | 'NOT_REQUIRED';
  delivery_slot_id: number | null;
  slot_label: string;
  address_json: string;
  coupon_code: string | null;
  gross_amount: number;
  discount_amount: number;
  delivery_charge: number;
  wallet_amount: number;
  loyalty_points: number;
  loyalty_amount: number;
  net_amount: number;
  refund_amount: number;
  provider_order_id: string | null;
  provider_payment_id: string | null;
  created_at: string;
  updated_at: string;
  expires_at: string | null;
  paid_at: string | null;
  delivered_at: string | null;
  cancelled_at: string | null;
  cancel_reason: string | null;
  return_reason: string | null;
  return_remark: string | null;
  return_image: string | null;
  returned_at: string | null;
  review: string | null;
  rating: number | null;
  reviewed_at: string | null;
}

export interface OrderItemTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  variant_id: number;
  item_name: string;
  variant_name: string;
  image: string;
  qty: number;
  rate: number;
  value: number;
}

export interface OrderEventTable {
  id: Generated<number>;
  order_id: number;
  status: string;
  note: string;
  actor: 'customer' | 'shop' | 'system' | 'provider';
  created_at: string;
}

export interface PaymentTable {
  id: Generated<number>;
  order_id: number;
  provider: string;
  provider_order_id: string;
  provider_payment_id: string | null;
  amount: number;
  status: 'CREATED' | 'CAPTURED' | 'FAILED' | 'REFUNDED';
  method: string;
  refund_id: string | null;
  error_reason: string | null;
  created_at: string;
  updated_at: string;
  captured_at: string | null;
}

export interface WebhookEventTable {
  event_id: string;
  event_type: string;
  received_at: string;
}

export interface WalletLedgerTable {
  id: Generated<number>;
  customer_id: number;
  order_id: number | null;
  /** Signed paise: credits positive, debits negative. */
  amount: number;
  reason: string;
  balance_after: number;
  created_at: string;
}

export interface LoyaltyLedgerTable {
  id: Generated<number>;
  customer_id: number;
  order_id: number | null;
  points: number;
  reason: string;
  balance_after: number;
  created_at: string;
}

export interface ReturnReasonTable {
  id: Generated<number>;
  company_id: number;
  type: string;
  reason: string;
  sort_order: number;
}

export interface UploadTable {
  id: Generated<number>;
  customer_id: number;
  file_name: string;
  mime: string;
  size: number;
  created_at: string;
}

export interface SandboxOrderTable {
  id: string;
  amount: number;
  currency: string;
  receipt: string;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes_json: string;
  created_at: number;
}

export interface SandboxPaymentTable {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'failed' | 'refunded';
  method: string;
  card_last4: string;
  email: string;
  contact: string;
  error_code: string | null;
  error_description: string | null;
  amount_refunded: number;
  captured: number;
  created_at: number;
}

export interface SandboxRefundTable {
  id: string;
  payment_id: string;
  amount: number;
  created_at: number;
}
