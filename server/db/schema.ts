import type { AppSecretTable, CompanyTable, BranchTable, BranchPincodeTable, SettingTable, CompanyPageTable, FaqTable } from './shop-tables.js';
import type {
  CategoryTable,
  SpecialCategoryTable,
  SpecialCategoryProductTable,
  ProductTable,
  VariantTable,
  ProductRatingTable,
  ProductPhotoTable,
  ProductPhotoFileTable,
  BranchStockTable,
  OfferTable,
  OfferProductTable,
  DeliverySlotTable,
  CouponTable,
  CouponRedemptionTable,
  SearchAliasTable,
  SearchTermTable,
  SearchWordTable,
} from './catalogue-tables.js';
import type { CustomerTable, OtpCodeTable, CartItemTable, AddressTable, UploadTable, StockNoticeTable } from './customer-tables.js';
import type {
  OrderTable,
  OrderItemTable,
  OrderEventTable,
  PaymentTable,
  WebhookEventTable,
  WalletLedgerTable,
  LoyaltyLedgerTable,
  ReturnReasonTable,
  InvoiceTable,
} from './order-tables.js';
import type { SandboxOrderTable, SandboxPaymentTable, SandboxRefundTable } from './sandbox-tables.js';

/**
 * Database tables, each defined in the file of its part of the shop (shop-, catalogue-,
 * customer-, order- and sandbox-tables.ts). Money columns hold integer paise; timestamps are
 * ISO-8601 UTC text so that they sort and compare the same way on SQLite and PostgreSQL; flags
 * are 0/1 integers.
 */
export interface Database {
  app_secrets: AppSecretTable;
  companies: CompanyTable;
  branches: BranchTable;
  branch_pincodes: BranchPincodeTable;
  settings: SettingTable;
  company_pages: CompanyPageTable;
  categories: CategoryTable;
  special_categories: SpecialCategoryTable;
  special_category_products: SpecialCategoryProductTable;
  products: ProductTable;
  product_ratings: ProductRatingTable;
  product_photos: ProductPhotoTable;
  product_photo_files: ProductPhotoFileTable;
  search_aliases: SearchAliasTable;
  search_terms: SearchTermTable;
  search_words: SearchWordTable;
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
  stock_notices: StockNoticeTable;
  invoices: InvoiceTable;
  sandbox_orders: SandboxOrderTable;
  sandbox_payments: SandboxPaymentTable;
  sandbox_refunds: SandboxRefundTable;
}
