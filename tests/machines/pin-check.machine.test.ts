import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { pinCheckMachine, switchWarning, type PinChoice } from '../../machines/pin-check.machine';
import type { PinCheck } from '../../contract/delivery.schemas';

const BRANCHES: Record<string, { id: number; name: string }> = {
  '682001': { id: 1, name: 'Fort Kochi' },
  '682030': { id: 2, name: 'Kakkanad' },
};

/** The server as the PIN check sees it: Fort Kochi and Kakkanad codes served, a failure when told. */
function answerFor(pinCode: string): PinCheck {
  const branch = BRANCHES[pinCode];
  return branch
    ? { PinCode: pinCode, Served: true, BranchId: branch.id, BranchName: branch.name, Message: `We deliver to ${pinCode} from our ${branch.name} shop.` }
    : { PinCode: pinCode, Served: false, BranchId: null, BranchName: null, Message: `We don't deliver to ${pinCode} yet.` };
}

function start(input: { branchId?: number; chosen?: PinChoice | null; cartLines?: number } = {}) {
  const asked: string[] = [];
  const remembered: PinChoice[] = [];
  const switched: number[] = [];
  const server = { fails: false };
  const actor = createActor(
    pinCheckMachine.provide({
      actors: {
        checkPin: fromPromise<PinCheck, { companyId: number; pinCode: string }>(async ({ input }) => {
          asked.push(`${input.companyId}:${input.pinCode}`);
          if (server.fails) throw new Error('The shop could not be reached');
          return answerFor(input.pinCode);
        }),
      },
      actions: {
        remember: (_, { choice }) => remembered.push(choice),
        switchBranch: (_, { branchId }) => switched.push(branchId),
      },
    }),
    { input: { companyId: 1, branchId: input.branchId ?? 1, chosen: input.chosen ?? null, cartLines: input.cartLines ?? 0 } },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, asked, remembered, switched, server, settled };
}

describe('PIN check machine', () => {
  it('starts idle, showing the PIN code chosen on an earlier visit', () => {
    const chosen = { pinCode: '682001', companyId: 1, branchId: 1, branchName: 'Fort Kochi' };
    const { actor } = start({ chosen });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ chosen, pinCode: '682001' });
  });

  it.each(['68200', '068200', 'abcdef', '6820011', ''])('refuses %j without asking the server', (pin) => {
    const { actor, asked } = start();
    actor.send({ type: 'pin.submit', pinCode: pin });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.error).toBe('Enter a 6-digit PIN code that does not start with 0.');
    expect(asked).toEqual([]);
  });

  it('says when the shop does not deliver there, remembers nothing, and checks another PIN code from there', async () => {
    const { actor, asked, remembered, settled } = start();
    actor.send({ type: 'pin.submit', pinCode: ' 695001 ' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(actor.getSnapshot().value).toBe('notServed');
    expect(actor.getSnapshot().context.answer?.Message).toBe("We don't deliver to 695001 yet.");
    expect(remembered).toEqual([]);
    actor.send({ type: 'pin.submit', pinCode: '682001' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(asked).toEqual(['1:695001', '1:682001']);
  });

  it('a served PIN code of the branch shown is remembered without switching the shop', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartLines: 3 });
    actor.send({ type: 'pin.submit', pinCode: '682001' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(remembered).toEqual([{ pinCode: '682001', companyId: 1, branchId: 1, branchName: 'Fort Kochi' }]);
    expect(switched).toEqual([]);
    expect(actor.getSnapshot().context.chosen?.pinCode).toBe('682001');
  });

  it('a PIN code of another branch switches the shop at once when the cart is empty', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartLines: 0 });
    actor.send({ type: 'pin.submit', pinCode: '682030' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(remembered.map((c) => c.branchId)).toEqual([2]);
    expect(switched).toEqual([2]);
  });

  it('with lines in the cart, another branch waits for the shopper: keeping the branch changes nothing', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartLines: 0 });
    actor.send({ type: 'pin.cartCounted', lines: 2 });
    actor.send({ type: 'pin.submit', pinCode: '682030' });
    await settled();
    expect(actor.getSnapshot().value).toBe('confirmingSwitch');
    expect(remembered).toEqual([]);
    actor.send({ type: 'pin.keepBranch' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.chosen).toBeNull();
    expect(switched).toEqual([]);
  });

  it('with lines in the cart, confirming the switch remembers the PIN code and switches the shop', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartLines: 2 });
    actor.send({ type: 'pin.submit', pinCode: '682030' });
    await settled();
    actor.send({ type: 'pin.confirmSwitch' });
    expect(actor.getSnapshot().value).toBe('served');
    expect(remembered.map((c) => c.pinCode)).toEqual(['682030']);
    expect(switched).toEqual([2]);
    expect(switchWarning(2, 'Fort Kochi', 'Kakkanad')).toBe(
      'Your cart has 2 items priced by our Fort Kochi shop. Kakkanad has its own prices and stock, so those items stay with Fort Kochi; your cart at Kakkanad starts separately.',
    );
  });

  it('a failed check shows why and is tried again with the same PIN code', async () => {
    const { actor, asked, server, settled } = start();
    server.fails = true;
    actor.send({ type: 'pin.submit', pinCode: '682001' });
    await settled();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The shop could not be reached');
    server.fails = false;
    actor.send({ type: 'pin.retry' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(asked).toEqual(['1:682001', '1:682001']);
  });

  it('changing a served PIN code goes back to idle, keeping the choice until a new one is served', async () => {
    const { actor, settled } = start();
    actor.send({ type: 'pin.submit', pinCode: '682001' });
    await settled();
    actor.send({ type: 'pin.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.chosen?.pinCode).toBe('682001');
  });
});
