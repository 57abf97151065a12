/**
 * Which shop this visit is for. Company and branch default to 1 (or VITE_COMPANY_ID and
 * VITE_BRANCH_ID at build time) and can be overridden per visit by the companyId and branchId
 * search params of '/', remembered for the rest of the session.
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

const defaults: ShopContext = {
  companyId: positiveInt(import.meta.env.VITE_COMPANY_ID) ?? 1,
  branchId: positiveInt(import.meta.env.VITE_BRANCH_ID) ?? 1,
};

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
  return { companyId: stored.companyId ?? defaults.companyId, branchId: stored.branchId ?? defaults.branchId };
}

/** Applies companyId/branchId search params of '/' when valid; returns the shop in force. */
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
