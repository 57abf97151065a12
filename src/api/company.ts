import { getData, http } from '../lib/http';
import type { CompanyConfig, CompanyDetails, Setting } from '../../machines/config.machine';

export function getCompanyDetails(companyId: number): Promise<CompanyDetails> {
  return getData(http.get(`Company/details/${companyId}`));
}

export function getCompanySettings(companyId: number): Promise<Setting[]> {
  return getData(http.get(`Company/settings/${companyId}`));
}

/** Config fetch by company id: details and settings together. */
export async function fetchCompanyConfig(companyId: number): Promise<CompanyConfig> {
  const [details, settings] = await Promise.all([getCompanyDetails(companyId), getCompanySettings(companyId)]);
  return { details, settings };
}
