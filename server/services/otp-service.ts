import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SqlDialect } from '../db/database.js';
import type { SmsSender } from '../senders/sms-sender.js';
import { HttpError, RetryLaterError, badRequest } from '../lib/http-errors.js';
import {
  codesSentFromIp,
  codesSentToNumber,
  consumeCode,
  countWrongTry,
  deleteOtpCode,
  findLatestCode,
  insertOtpCode,
  lockOtpKey,
  voidCode,
  voidOpenCodes,
} from '../repositories/otp-repository.js';
import { getCustomerByMobile, insertCustomerIfNew } from '../repositories/customer-repository.js';

/** The rules of one-time passwords; docs/decisions/001-otp-and-sessions.md explains the numbers. */
export const OTP_RULES = {
  codeDigits: 6,
  codeTtlSeconds: 5 * 60,
  maxWrongTries: 5,
  resendCooldownSeconds: 30,
  maxPerNumberPerHour: 5,
  maxPerIpPerHour: 20,
} as const;

const HOUR_MS = 3600_000;

export const OTP_MESSAGES = {
  wrong: (left: number) => `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  locked: 'Too many wrong tries. Ask for a new code.',
  expired: 'The code has expired. Ask for a new code.',
  used: 'This code has already been used. Ask for a new code.',
  none: 'No code was sent to this number. Ask for a code first.',
  badFormat: 'Enter the 6-digit code we sent you.',
  wait: (seconds: number) => `Please wait ${seconds} s before asking for another code.`,
  sendFailed: 'We could not send the code right now. Please try again in a minute.',
} as const;

export interface OtpServiceOptions {
  db: Kysely<Database>;
  dialect: SqlDialect;
  sms: SmsSender;
  /** Key of the code hashes; a leaked table of hashes is useless without it. */
  secret: string;
  /** The clock; tests pass their own to reach expiry without waiting. */
  now?: () => Date;
}

export interface CodeRequest {
  companyId: number;
  mobile: string;
  clientIp: string;
}

export interface CodeSent {
  MobileNo: string;
  ExpiresInSeconds: number;
  ResendAfterSeconds: number;
}

export interface VerifiedCustomer {
  id: number;
  companyId: number;
  mobile: string;
  name: string;
  isNew: boolean;
}

/** The key of the OTP hashes, made once per database like the token secret. */
export function createOtpService(options: OtpServiceOptions) {
  const { db, dialect, sms, secret } = options;
  const now = options.now ?? (() => new Date());

  function hashCode(companyId: number, mobile: string, code: string): string {
    // The number and company are part of the message so a hash copied to another row proves nothing.
    return crypto.createHmac('sha256', secret).update(`${companyId}:${mobile}:${code}`).digest('hex');
  }

  function sameHash(a: string, b: string): boolean {
    const left = Buffer.from(a, 'hex');
    const right = Buffer.from(b, 'hex');
    return left.length === right.length && crypto.timingSafeEqual(left, right);
  }

  /** Serialises concurrent requests for one key on PostgreSQL; SQLite runs one transaction at a time. */
  async function lock(trx: Transaction<Database>, key: string): Promise<void> {
    await lockOtpKey(trx, dialect, key);
  }

  /** Milliseconds until a new code may be sent, 0 when it may be sent now. */
  async function waitBeforeSend(trx: Transaction<Database>, request: CodeRequest, at: Date): Promise<number> {
    const windowStart = new Date(at.getTime() - HOUR_MS).toISOString();
    const byNumber = await codesSentToNumber(trx, request, windowStart, OTP_RULES.maxPerNumberPerHour);
    const byIp = await codesSentFromIp(trx, request.clientIp, windowStart, OTP_RULES.maxPerIpPerHour);
    const allowedAt: number[] = [];
    const latest = byNumber[0];
    if (latest) allowedAt.push(Date.parse(latest.created_at) + OTP_RULES.resendCooldownSeconds * 1000);
    // A full window opens again when its oldest counted send is an hour old.
    const oldestByNumber = byNumber[OTP_RULES.maxPerNumberPerHour - 1];
    if (oldestByNumber) allowedAt.push(Date.parse(oldestByNumber.created_at) + HOUR_MS);
    const oldestByIp = byIp[OTP_RULES.maxPerIpPerHour - 1];
    if (oldestByIp) allowedAt.push(Date.parse(oldestByIp.created_at) + HOUR_MS);
    return Math.max(0, ...allowedAt.map((t) => t - at.getTime()));
  }

  return {
    /** Issues a fresh code (voiding any earlier one) and texts it, within the resend limits. */
    async requestCode(request: CodeRequest): Promise<CodeSent> {
      const at = now();
      const code = String(crypto.randomInt(0, 10 ** OTP_RULES.codeDigits)).padStart(OTP_RULES.codeDigits, '0');
      const id = await db.transaction().execute(async (trx) => {
        await lock(trx, `otp:${request.companyId}:${request.mobile}`);
        await lock(trx, `otp-ip:${request.clientIp}`);
        const waitMs = await waitBeforeSend(trx, request, at);
        if (waitMs > 0) {
          const seconds = Math.ceil(waitMs / 1000);
          throw new RetryLaterError(OTP_MESSAGES.wait(seconds), seconds);
        }
        await voidOpenCodes(trx, request.companyId, request.mobile, at.toISOString());
        return insertOtpCode(trx, {
          company_id: request.companyId,
          mobile: request.mobile,
          code_hash: hashCode(request.companyId, request.mobile, code),
          client_ip: request.clientIp,
          attempts: 0,
          expires_at: new Date(at.getTime() + OTP_RULES.codeTtlSeconds * 1000).toISOString(),
          consumed_at: null,
          created_at: at.toISOString(),
        });
      });
      try {
        await sms.send({
          to: `+91${request.mobile}`,
          text: `Your Shoal Fresh login code is ${code}. It is valid for ${OTP_RULES.codeTtlSeconds / 60} minutes. Do not share it.`,
        });
      } catch (error) {
        // A code the customer never received must not hold back their next request.
        await deleteOtpCode(db, id);
        throw Object.assign(new HttpError(502, OTP_MESSAGES.sendFailed), { cause: error });
      }
      return { MobileNo: request.mobile, ExpiresInSeconds: OTP_RULES.codeTtlSeconds, ResendAfterSeconds: OTP_RULES.resendCooldownSeconds };
    },

    /**
     * Checks a code against the latest one sent to the number and, when right, consumes it and
     * returns the customer (created on first login). Consumption is a conditional update, so two
     * concurrent logins with one code cannot both succeed.
     */
    async verifyCode(request: { companyId: number; mobile: string; code: string }): Promise<VerifiedCustomer> {
      if (!/^\d{6}$/.test(request.code)) throw badRequest(OTP_MESSAGES.badFormat);
      const at = now();
      const atIso = at.toISOString();
      const latest = await findLatestCode(db, request.companyId, request.mobile);
      if (!latest) throw badRequest(OTP_MESSAGES.none);
      if (latest.attempts >= OTP_RULES.maxWrongTries) throw badRequest(OTP_MESSAGES.locked);
      if (latest.consumed_at !== null) throw badRequest(OTP_MESSAGES.used);
      if (latest.expires_at <= atIso) throw badRequest(OTP_MESSAGES.expired);

      if (!sameHash(latest.code_hash, hashCode(request.companyId, request.mobile, request.code))) {
        const attempts = await countWrongTry(db, latest.id, OTP_RULES.maxWrongTries);
        if (attempts === undefined) throw badRequest(OTP_MESSAGES.locked);
        const left = OTP_RULES.maxWrongTries - attempts;
        if (left <= 0) {
          await voidCode(db, latest.id, atIso);
          throw badRequest(OTP_MESSAGES.locked);
        }
        throw badRequest(OTP_MESSAGES.wrong(left));
      }

      return db.transaction().execute(async (trx) => {
        if (!(await consumeCode(trx, latest.id, atIso, OTP_RULES.maxWrongTries))) throw badRequest(OTP_MESSAGES.used);
        const isNew = await insertCustomerIfNew(trx, { companyId: request.companyId, mobile: request.mobile, at: atIso });
        const customer = await getCustomerByMobile(trx, request.companyId, request.mobile);
        return { id: customer.id, companyId: customer.company_id, mobile: customer.mobile, name: customer.name, isNew };
      });
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
