/**
 * The live hub's names (spec sections 4 and 7), which the server's hub and the browser's
 * SignalR client must spell alike: its path, its methods, and the update kinds a push carries
 * as ReceiveCatalogueUpdate(kind, data).
 */

/** The hub's path on the API server. */
export const HUB_PATH = '/catalogueHub';

/** The client method every push calls. */
export const RECEIVE_METHOD = 'ReceiveCatalogueUpdate';
/** Hub methods a browser invokes (the server matches them without regard to case). */
export const JOIN_COMPANY_GROUP = 'JoinCompanyGroup';
export const SEND_CATALOGUE_UPDATE = 'SendCatalogueUpdate';

/** Kinds pushed to a whole company group: catalogue data, never a customer's own. */
export const CATALOGUE_UPDATE_TYPES = ['SpecialCategory', 'Category', 'Product', 'ProductDetails', 'OfferProducts'] as const;
/** Kinds pushed only to one customer's authenticated connections. */
export const CUSTOMER_UPDATE_TYPES = ['CartDetails', 'OrderStatus', 'PaymentStatus', 'BackInStock'] as const;

export type CatalogueUpdateType = (typeof CATALOGUE_UPDATE_TYPES)[number];
export type CustomerUpdateType = (typeof CUSTOMER_UPDATE_TYPES)[number];
export type HubUpdateType = CatalogueUpdateType | CustomerUpdateType;

/** The data of a catalogue push: the changed items, for one branch or (null) every branch. */
export interface CatalogueItems<T> {
  BranchId: number | null;
  Items: T[];
}

export interface OrderStatusUpdate {
  OrderId: number;
  OrderNo: string;
  OrderStatus: string;
  StatusCode: string;
  /** Where the order's payment stands after the move. */
  PaymentStatus?: string;
  At: string;
}

export interface PaymentStatusUpdate {
  OrderId: number;
  OrderNo: string;
  Status: 'CAPTURED' | 'FAILED';
  TransactionNo: string;
}

/** A line the customer asked to be told about ("Notify me") is back in stock; sent once per notice. */
export interface BackInStockUpdate {
  NoticeId: number;
  BranchId: number;
  ProductId: number;
  VariantId: number;
  /** The product and variant as the shopper reads them, e.g. 'Kingfish (Seer) – Neymeen 500 g · Curry cut'. */
  Name: string;
  /** 'Kingfish (Seer) – Neymeen 500 g · Curry cut is back in stock'. */
  Message: string;
  /** The product's page in the shop, e.g. '/product/product_detail?productId=1&variantId=2'. */
  Path: string;
}
