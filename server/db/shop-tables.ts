import type { Generated } from 'kysely';

/**
 * The shop itself: companies, branches, settings, pages, FAQs and the app's own secrets.
 * The conventions every table follows are in schema.ts.
 */

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

/** A PIN code a branch delivers to; one branch per PIN code within a company. */
export interface BranchPincodeTable {
  company_id: number;
  pin_code: string;
  branch_id: number;
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

export interface FaqTable {
  id: Generated<number>;
  company_id: number;
  question: string;
  answer: string;
  sort_order: number;
  active: number;
}
