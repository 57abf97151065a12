import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sumRupees, walletMachine, type WalletInfo } from '../../machines/wallet.machine';

const wallet = (balance: number): WalletInfo => ({
  WalletBalance: balance,
  LoyaltyPoints: 3,
  LoyaltyValue: 3,
  WalletHistory: [
    { Id: 2, OrderId: 9, OrderNo: 'SH9', Amount: balance - 0.1, Reason: 'Refund for cancelled order SH9', BalanceAfter: balance, CreatedAt: '' },
    { Id: 1, OrderId: null, OrderNo: null, Amount: 0.1, Reason: 'Opening balance', BalanceAfter: 0.1, CreatedAt: '' },
  ],
  LoyaltyHistory: [],
});

describe('wallet machine', () => {
  it('loads, and reloads when an order changes', async () => {
    let balance = 100.3;
    const actor = createActor(walletMachine.provide({ actors: { fetchWallet: fromPromise(async () => wallet(balance)) } }), {
      input: { customerId: 1 },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.wallet?.WalletBalance).toBe(100.3);
    balance = 600.3;
    actor.send({ type: 'wallet.orderChanged' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.wallet?.WalletBalance === 600.3);
  });

  it('shows the error and retries on refresh', async () => {
    let fail = true;
    const actor = createActor(
      walletMachine.provide({ actors: { fetchWallet: fromPromise(async () => (fail ? Promise.reject(new Error('Network error')) : wallet(1))) } }),
      { input: { customerId: 1 } },
    ).start();
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Network error');
    fail = false;
    actor.send({ type: 'wallet.refresh' });
    await waitFor(actor, (s) => s.matches('ready'));
  });

  it('sums rupee amounts without float drift', () => {
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    expect(sumRupees(wallet(100.3).WalletHistory.map((l) => l.Amount))).toBe(100.3);
  });
});
