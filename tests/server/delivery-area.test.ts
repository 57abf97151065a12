import { Migrator, sql, type Migration } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createTestDatabase, testDatabaseUrl, type TestApp } from '../helpers/server-app.js';
import { migrationList } from '../../server/db/migrations/migration-list.js';
import { runShop } from '../../server/cli/shop.js';
import { shopInstant } from '../../contract/time-zone.rules.js';
import type { EarliestDelivery, PinCheck } from '../../contract/delivery.schemas.js';

// The shop's clock in these tests: Wednesday 10 March 2027 unless a test moves it.
let now = new Date('2027-03-10T04:30:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { clock: () => now });
});
afterAll(async () => {
  await t.close();
});

async function check(pin: string, companyId?: number) {
  return t.app.inject({ method: 'GET', url: `/api/Delivery/pincode/${pin}${companyId ? `?companyId=${companyId}` : ''}` });
}

describe('GET /api/Delivery/pincode/{pinCode}', () => {
  it.each([
    ['682001', 1, 'Fort Kochi'],
    ['682015', 1, 'Fort Kochi'],
    ['682030', 2, 'Kakkanad'],
    ['682036', 2, 'Kakkanad'],
    ['682042', 2, 'Kakkanad'],
  ])('%s is served by branch %i (%s)', async (pin, branchId, branchName) => {
    const res = await check(pin);
    expect(res.statusCode).toBe(200);
    expect(res.json().Data).toEqual<PinCheck>({
      PinCode: pin,
      Served: true,
      BranchId: branchId,
      BranchName: branchName,
      Message: `We deliver to ${pin} from our ${branchName} shop.`,
    });
  });

  it.each(['695001', '682099', '110001'])('%s is not served: the answer says so in words', async (pin) => {
    const res = await check(pin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Message: `We don't deliver to ${pin} yet.`, Data: { PinCode: pin, Served: false, BranchId: null, BranchName: null } });
  });

  it('answers for the company asked about: a Mangaluru code is served by company 2 only', async () => {
    expect((await check('575001', 2)).json().Data).toMatchObject({ Served: true, BranchId: 3, BranchName: 'Bunder' });
    expect((await check('575001', 1)).json().Data).toMatchObject({ Served: false, BranchId: null });
    expect((await check('682001', 2)).json().Data).toMatchObject({ Served: false });
  });

  it.each(['68200', '6820011', '068200', '000000', 'abcdef', '68a001', '682 01', '%20682001%20x', '-68200'])('refuses %s with a clear 400', async (pin) => {
    const res = await check(pin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Success: false, Message: 'Enter a 6-digit PIN code that does not start with 0.', Data: null });
  });

  it('answers 404 for a company that does not exist', async () => {
    expect((await check('682001', 99)).statusCode).toBe(404);
  });
});

async function earliest(branchId = 1): Promise<EarliestDelivery | null> {
  const res = await t.app.inject({ method: 'GET', url: `/api/DeliverySlot/earliest/1?branchId=${branchId}` });
  expect(res.statusCode).toBe(200);
  return res.json().Data;
}

/** Fills (or empties) a branch's slot of a shop date and start time. */
async function setBooked(branchId: number, date: string, start: string, booked: 'full' | 0): Promise<void> {
  const result = await t.app.db
    .updateTable('delivery_slots')
    .set(booked === 'full' ? { booked: sql`capacity` } : { booked: 0 })
    .where('company_id', '=', 1)
    .where('branch_id', '=', branchId)
    .where('starts_at', '=', shopInstant(date, start))
    .executeTakeFirst();
  expect(Number(result.numUpdatedRows)).toBe(1);
}

describe('GET /api/DeliverySlot/earliest/{companyId}', () => {
  beforeEach(async () => {
    await t.app.db.updateTable('delivery_slots').set({ booked: 0 }).execute();
  });

  it('at 10:00 in Kochi offers this afternoon (the 10 AM slot is inside the cut-off), in India time', async () => {
    now = new Date('2027-03-10T04:30:00.000Z');
    expect(await earliest()).toMatchObject({ SlotDate: '2027-03-10', StartTime: '16:00', EndTime: '18:00', Label: 'Today, 4–6 PM', Available: 20 });
  });

  it('skips a full slot: the next one with room is the earliest, and the other branch is not affected', async () => {
    now = new Date('2027-03-10T04:30:00.000Z');
    await setBooked(1, '2027-03-10', '16:00', 'full');
    expect(await earliest(1)).toMatchObject({ StartTime: '18:00', Label: 'Today, 6–8 PM' });
    expect(await earliest(2)).toMatchObject({ StartTime: '16:00', Label: 'Today, 4–6 PM' });
    await setBooked(1, '2027-03-10', '18:00', 'full');
    expect(await earliest(1)).toMatchObject({ SlotDate: '2027-03-11', StartTime: '07:00', Label: 'Tomorrow, 7–9 AM' });
  });

  it.each([
    // 23:59 in Kochi on the 10th (18:29 UTC): the next slot is tomorrow morning.
    ['2027-03-10T18:29:00.000Z', '2027-03-11', 'Tomorrow, 7–9 AM'],
    // 00:01 in Kochi on the 11th (18:31 UTC, still the 10th in UTC): that morning is today.
    ['2027-03-10T18:31:00.000Z', '2027-03-11', 'Today, 7–9 AM'],
    // 05:59 in Kochi: 7 AM is more than the hour's cut-off away.
    ['2027-03-11T00:29:00.000Z', '2027-03-11', 'Today, 7–9 AM'],
    // 06:01 in Kochi: 7 AM is inside the cut-off, so 10 AM is next.
    ['2027-03-11T00:31:00.000Z', '2027-03-11', 'Today, 10 AM–12 PM'],
    // 17:01 in Kochi: the 6 PM slot is inside the cut-off.
    ['2027-03-11T11:31:00.000Z', '2027-03-12', 'Tomorrow, 7–9 AM'],
  ])('at %s the earliest is %s, %s', async (at, date, label) => {
    now = new Date(at);
    expect(await earliest()).toMatchObject({ SlotDate: date, Label: label });
  });

  it('names the day when today and tomorrow are full', async () => {
    now = new Date('2027-03-10T04:30:00.000Z');
    for (const start of ['16:00', '18:00']) await setBooked(1, '2027-03-10', start, 'full');
    for (const start of ['07:00', '10:00', '16:00', '18:00']) await setBooked(1, '2027-03-11', start, 'full');
    expect(await earliest()).toMatchObject({ SlotDate: '2027-03-12', StartTime: '07:00', Label: 'Fri 12 Mar, 7–9 AM' });
  });

  it('the slot list says how many places each slot has left, from the same numbers', async () => {
    now = new Date('2027-03-10T04:30:00.000Z');
    await setBooked(1, '2027-03-10', '16:00', 'full');
    await t.app.db
      .updateTable('delivery_slots')
      .set({ booked: 17 })
      .where('branch_id', '=', 1)
      .where('starts_at', '=', shopInstant('2027-03-10', '18:00'))
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/DeliverySlot/web/1?branchId=1&includeFull=true' });
    const [first, second] = res.json().Data;
    expect(first).toMatchObject({ SlotDate: '2027-03-10', StartTime: '16:00', Available: 0, Full: true });
    expect(second).toMatchObject({ StartTime: '18:00', Available: 3, Full: false });
    expect(await earliest()).toMatchObject({ StartTime: '18:00', Available: 3 });
  });

  it('answers 404 for a branch of another company', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/DeliverySlot/earliest/1?branchId=3' });
    expect(res.statusCode).toBe(404);
  });
});

describe('npm run shop -- pincodes, pincode-add, pincode-remove', () => {
  async function shop(...args: string[]) {
    let databaseUrl = '';
    if (testDatabaseUrl) {
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.app.db);
      const url = new URL(testDatabaseUrl);
      url.searchParams.set('options', `-c search_path=${rows[0]?.schema ?? 'public'}`);
      databaseUrl = url.toString();
    }
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      args,
      { DATA_DIR: t.database.dataDir, DATABASE_URL: databaseUrl, SHOP_SERVER_URL: 'http://127.0.0.1:9' },
      (line) => out.push(line),
      (line) => err.push(line),
    );
    return { code, out, err };
  }

  it('lists what a branch serves, folding runs into ranges', async () => {
    expect(await shop('pincodes', '--branch', '2')).toEqual({
      code: 0,
      out: ['Kakkanad (branch 2) delivers to 23 PIN codes: 682016–682037, 682042.'],
      err: [],
    });
  });

  it('adds Thiruvananthapuram codes to a branch, and the PIN check then finds them', async () => {
    expect((await check('695003')).json().Data.Served).toBe(false);
    const added = await shop('pincode-add', '--branch', '1', '--pin', '695001-695004,695010');
    expect(added).toEqual({ code: 0, out: ['Fort Kochi (branch 1) now delivers to 695001–695004, 695010 (5 new).'], err: [] });
    expect((await check('695003')).json().Data).toMatchObject({ Served: true, BranchId: 1 });
    const removed = await shop('pincode-remove', '--branch', '1', '--pin', '695003');
    expect(removed).toMatchObject({ code: 0, out: ['Fort Kochi (branch 1) no longer delivers to 695003 (1 removed).'] });
    expect((await check('695003')).json().Data.Served).toBe(false);
    expect((await check('695004')).json().Data.Served).toBe(true);
  });

  it.each([
    [['pincode-add', '--branch', '1', '--pin', '682030'], '682030 is served by branch 2; remove it there first (pincode-remove --branch 2).'],
    [['pincode-add', '--branch', '1', '--pin', '068200'], '"068200" is not a PIN code or a range of them; a PIN code is 6 digits and does not start with 0.'],
    [['pincode-add', '--branch', '1', '--pin', '682010-682001'], 'The range "682010-682001" runs backwards.'],
    [['pincode-add', '--branch', '1', '--pin', '600000-609999'], 'Give at most 1000 PIN codes at a time.'],
    [['pincode-add', '--branch', '1'], '--pin is required, e.g. --pin 682001 or --pin 682001-682036,682042.'],
    [['pincode-add', '--branch', '42', '--pin', '682001'], 'Branch 42 was not found.'],
    [['pincode-remove', '--branch', '1', '--pin', '682030'], 'Fort Kochi (branch 1) does not deliver to 682030.'],
  ])('refuses %j: %s', async (args, message) => {
    expect(await shop(...args)).toEqual({ code: 1, out: [], err: [message] });
    expect((await check('682030')).json().Data).toMatchObject({ Served: true, BranchId: 2 });
  });
});

describe('migration 011-branch-pincodes', () => {
  it("gives a demo shop seeded before it its branches' PIN codes, and another shop none", async () => {
    const database = await createTestDatabase({ migrate: false });
    try {
      const { handle } = database;
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => Object.fromEntries(migrationList.map(([name, make]): [string, Migration] => [name, make(handle.dialect)])) },
        ...(handle.pgSchema ? { migrationTableSchema: handle.pgSchema } : {}),
      });
      expect((await migrator.migrateTo('008-product-ratings')).error).toBeUndefined();
      await handle.db
        .insertInto('branches')
        .values([
          { id: 1, company_id: 1, name: 'Fort Kochi', address: '', phone: '', active: 1 },
          { id: 2, company_id: 1, name: 'Marine Drive', address: '', phone: '', active: 1 },
        ])
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await handle.db.selectFrom('branch_pincodes').select(['branch_id', 'pin_code']).orderBy('pin_code').execute();
      expect(rows).toHaveLength(15);
      expect(rows.every((r) => r.branch_id === 1)).toBe(true);
      expect([rows[0]?.pin_code, rows.at(-1)?.pin_code]).toEqual(['682001', '682015']);
    } finally {
      await database.dispose();
    }
  });
});
