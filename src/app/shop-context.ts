import { isPinCode } from '../../contract/delivery.rules.js';
import type { PinChoice } from '../../machines/pin-check.machine';

/**
 * Which shop this visit is for. Company and branch default to the server's COMPANY_ID and
 * BRANCH_ID, which every page it serves names (`<meta name="shoal-shop">`), else VITE_COMPANY_ID
 * and VITE_BRANCH_ID at build time, else 1. The companyId and branchId search params override
 * them for the rest of the session: those of the address the visit opens on, and those of '/'.
 * Without them, the branch of the PIN code the shopper chose (kept in local storage, so it
 * survives a refresh and a new tab) is the one shown.
 */
const STORAGE_KEY = 'shop-context';
const PIN_CHOICE_KEY = 'delivery-pin';

function positiveInt(raw: unknown): number | undefined {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 && value < 2 ** 31 ? value : undefined;
}

export interface ShopContext {
  companyId: number;
  branchId: number;
}

/** The shop the server serves by default, as its page names it. */
function servedShop(): Partial<ShopContext> {
  if (typeof document === 'undefined') return {};
  const content = document.querySelector('meta[name="shoal-shop"]')?.getAttribute('content');
  if (!content) return {};
  const params = new URLSearchParams(content);
  return { companyId: positiveInt(params.get('companyId')), branchId: positiveInt(params.get('branchId')) };
}

let defaults: ShopContext | undefined;

function defaultShop(): ShopContext {
  if (!defaults) {
    const served = servedShop();
    defaults = {
      companyId: served.companyId ?? positiveInt(import.meta.env.VITE_COMPANY_ID) ?? 1,
      branchId: served.branchId ?? positiveInt(import.meta.env.VITE_BRANCH_ID) ?? 1,
    };
  }
  return defaults;
}

function readStored(): Partial<ShopContext> {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return { companyId: positiveInt(parsed.companyId), branchId: positiveInt(parsed.branchId) };
  } catch {
    return {};
  }
}

/** The PIN code the shopper chose and the branch that delivers there, if any. */
export function readPinChoice(): PinChoice | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(PIN_CHOICE_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!parsed || typeof parsed.pinCode !== 'string' || !isPinCode(parsed.pinCode)) return null;
    const companyId = positiveInt(parsed.companyId);
    const branchId = positiveInt(parsed.branchId);
    if (!companyId || !branchId) return null;
    return { pinCode: parsed.pinCode, companyId, branchId, branchName: typeof parsed.branchName === 'string' ? parsed.branchName : '' };
  } catch {
    return null;
  }
}

export function rememberPinChoice(choice: PinChoice): void {
  try {
    localStorage.setItem(PIN_CHOICE_KEY, JSON.stringify(choice));
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
}

export function currentShop(): ShopContext {
  const stored = readStored();
  const shop = defaultShop();
  const companyId = stored.companyId ?? shop.companyId;
  const pin = readPinChoice();
  const pinBranch = pin && pin.companyId === companyId ? pin.branchId : undefined;
  return { companyId, branchId: stored.branchId ?? pinBranch ?? shop.branchId };
}

/** Shows another branch of the shop from now on (the shopper chose a PIN code it serves), over a branchId of the address. */
export function chooseBranch(branchId: number): void {
  const next = { ...currentShop(), branchId };
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // private mode without storage: the PIN choice in local storage still names the branch
  }
}

/** Applies companyId/branchId search params when valid; returns the shop in force. */
export function applyShopParams(params: URLSearchParams): ShopContext {
  const companyId = positiveInt(params.get('companyId'));
  const branchId = positiveInt(params.get('branchId'));
  const next = { ...currentShop(), ...(companyId ? { companyId } : {}), ...(branchId ? { branchId } : {}) };
  if (companyId || branchId) {
    try {
      sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // private mode without storage: the override lasts for this page only
    }
  }
  return next;
}
