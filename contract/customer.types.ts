/** Wire shapes of the customer's profile, wallet and loyalty ledger (amounts in rupees). */

export interface WalletLine {
  Id: number;
  OrderId: number | null;
  OrderNo: string | null;
  /** Signed rupees: credits positive, debits negative. */
  Amount: number;
  Reason: string;
  BalanceAfter: number;
  CreatedAt: string;
}

export interface LoyaltyLine {
  Id: number;
  OrderId: number | null;
  OrderNo: string | null;
  /** Signed points. */
  Points: number;
  /** The points' value in rupees, signed. */
  Amount: number;
  Reason: string;
  BalanceAfter: number;
  CreatedAt: string;
}

/** GET Customer/info/{customerId}: profile, wallet and loyalty points with their history, newest first. */
export interface CustomerInfo {
  CustomerId: number;
  Name: string;
  MobileNo: string;
  Email: string;
  WalletBalance: number;
  LoyaltyPoints: number;
  LoyaltyValue: number;
  WalletHistory: WalletLine[];
  LoyaltyHistory: LoyaltyLine[];
}

export interface ProfileChange {
  name: string;
  email: string;
}
