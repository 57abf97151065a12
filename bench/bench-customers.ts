import path from 'node:path';
import { SignJWT } from 'jose';
import { openDatabase, type DatabaseOptions } from '../server/db/database.js';

/** The signing secret the bench gives the shop server (JWT_SECRET), so it can sign customers' tokens itself. */
export const BENCH_JWT_SECRET = 'shoal-bench-signing-secret-0123456789abcdef';

export interface BenchCustomer {
  customerId: number;
  addressId: number;
  token: string;
}

/**
 * Customers with a delivery address, written straight into the running shop's database (its
 * SQLite folder, or the PostgreSQL database and schema it uses), with tokens signed the way the
 * server signs them. Setting up a thousand customers through the one-time-password flow would
 * measure the SMS limits rather than the shop.
 */
export async function createBenchCustomers(database: string | DatabaseOptions, count: number, companyId = 1): Promise<BenchCustomer[]> {
  const handle = openDatabase(typeof database === 'string' ? { dataDir: database } : database);
  const secret = new TextEncoder().encode(BENCH_JWT_SECRET);
  const now = new Date().toISOString();
  const stamp = Date.now() % 100_000;
  const customers: BenchCustomer[] = [];
  try {
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < count; i += 1) {
        const mobile = `8${String(stamp).padStart(5, '0')}${String(i).padStart(4, '0')}`;
        const customer = await trx
          .insertInto('customers')
          .values({
            company_id: companyId,
            mobile,
            name: `Bench Customer ${i + 1}`,
            email: '',
            wallet_balance: 0,
            loyalty_points: 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const address = await trx
          .insertInto('addresses')
          .values(benchAddress(customer.id, mobile, now))
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = await new SignJWT({ cid: companyId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(String(customer.id))
          .setIssuer('shoal')
          .setIssuedAt()
          .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
          .sign(secret);
        customers.push({ customerId: customer.id, addressId: address.id, token });
      }
    });
  } finally {
    await handle.close();
  }
  return customers;
}

export function benchDbPath(dataDir: string): string {
  return path.join(dataDir, 'shoal.db');
}

function benchAddress(customerId: number, phone: string, now: string) {
  return {
    customer_id: customerId,
    name: 'Bench Customer',
    phone,
    house: '12/345',
    street: 'Marine Drive',
    landmark: '',
    city: 'Kochi',
    state: 'Kerala',
    pincode: '682031',
    latitude: null,
    longitude: null,
    is_default: 1,
    created_at: now,
    updated_at: now,
  };
}
