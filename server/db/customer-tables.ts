import type { Generated } from 'kysely';

/**
 * Customers and what they keep: one-time passwords, cart lines, addresses and uploaded photos.
 * The conventions every table follows are in schema.ts.
 */

export interface CustomerTable {
  id: Generated<number>;
  company_id: number;
  mobile: string;
  name: string;
  email: string;
  wallet_balance: number;
  loyalty_points: number;
  /** Carried by every session token as `ver`; signing out adds one, which ends every earlier token. */
  token_version: Generated<number>;
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

export interface UploadTable {
  id: Generated<number>;
  customer_id: number;
  file_name: string;
  mime: string;
  size: number;
  created_at: string;
}

/**
 * A customer's "Notify me" for a product or variant out of stock in a branch (variant_id 0 for a
 * product without variants): WAITING until the shop restocks it, then SENT once.
 */
export interface StockNoticeTable {
  id: Generated<number>;
  company_id: number;
  branch_id: number;
  customer_id: number;
  product_id: number;
  variant_id: number;
  status: 'WAITING' | 'SENT';
  created_at: string;
  sent_at: string | null;
}
