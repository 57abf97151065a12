import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/server-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('Company details and settings', () => {
  it('answers the demo company with its currency and decimal places', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Company/details/1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Success).toBe(true);
    expect(body.Data.CurrencySymbol).toBe('₹');
    expect(body.Data.DecimalValue).toBe(2);
    expect(body.Data.CompanyInfo.Phone).toMatch(/\+91/);
  });

  it('lists settings with the active free-delivery amount', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Company/settings/1' });
    expect(res.statusCode).toBe(200);
    const setting = res.json().Data.find((s: { KeyCode: string }) => s.KeyCode === 'DELIVERY OFFER AMOUNT');
    expect(setting).toMatchObject({ Active: true });
    expect(Number(setting.Value)).toBeGreaterThan(0);
  });

  it.each([
    ['/api/Company/details/abc', 400, /companyId/],
    ['/api/Company/details/0', 400, /companyId/],
    ['/api/Company/details/99999999999', 400, /companyId/],
    ['/api/Company/details/999', 404, /not found/i],
    ['/api/Company/settings/999', 404, /not found/i],
    ['/api/Nope/1', 404, /Not Found/],
  ])('%s answers %i with a clear message', async (url, status, message) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ Success: false, Data: null });
    expect(res.json().Message).toMatch(message);
  });
});
