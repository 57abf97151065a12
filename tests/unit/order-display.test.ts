import { describe, expect, it } from 'vitest';
import { paymentLabel } from '../../src/pages/account/order-display';

describe('paymentLabel', () => {
  it.each([
    ['ONLINE', 'PENDING', 'Awaiting payment'],
    ['ONLINE', 'FAILED', 'Payment failed'],
    ['ONLINE', 'CAPTURED', 'Paid online'],
    ['ONLINE', 'REFUNDED', 'Refunded'],
    ['ONLINE', 'NOT_REQUIRED', 'Paid with wallet or points'],
    ['COD', 'PENDING', 'Cash on delivery'],
    ['COD', 'CAPTURED', 'Paid in cash'],
    ['COD', 'REFUNDED', 'Refunded'],
    ['COD', 'NOT_REQUIRED', 'Paid with wallet or points'],
  ])('labels a %s order whose payment is %s as “%s”', (method, status, label) => {
    expect(paymentLabel(method, status)).toBe(label);
  });
});
