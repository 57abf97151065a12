import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { isPinCode, notServedMessage, PIN_CODE_PROBLEM, servedMessage } from '../../contract/delivery.rules.js';
import type { PinCheck } from '../../contract/delivery.schemas.js';
import { badRequest } from '../lib/http-errors.js';
import { findPincodeBranch } from '../repositories/pincode-repository.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Whether the company delivers to a PIN code, and from which branch; a 400 for anything that is not a PIN code. */
export async function checkPincode(db: Db, companyId: number, raw: string): Promise<PinCheck> {
  const pinCode = raw.trim();
  if (!isPinCode(pinCode)) throw badRequest(PIN_CODE_PROBLEM);
  const branch = await findPincodeBranch(db, companyId, pinCode);
  if (!branch) return { PinCode: pinCode, Served: false, BranchId: null, BranchName: null, Message: notServedMessage(pinCode) };
  return { PinCode: pinCode, Served: true, BranchId: branch.branchId, BranchName: branch.branchName, Message: servedMessage(pinCode, branch.branchName) };
}
