/**
 * Which shop this visit is for. Company and branch default to the server's COMPANY_ID and
 * BRANCH_ID, which every page it serves names (`<meta name="shoal-shop">`), else VITE_COMPANY_ID
 * and VITE_BRANCH_ID at build time, else 1. The companyId and branchId search params override
 * them for the rest of the session: those of the address the visit opens on, and those of '/'.
 */
const STORAGE_KEY = 'shop-context';

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

export function currentShop(): ShopContext {
  const stored = readStored();
  const shop = defaultShop();
  return { companyId: stored.companyId ?? shop.companyId, branchId: stored.branchId ?? shop.branchId };
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
