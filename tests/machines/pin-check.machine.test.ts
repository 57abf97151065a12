import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, setup, waitFor } from 'xstate';
import { Deferred, describeModel } from './model-harness';
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

function start(input: { branchId?: number; chosen?: PinChoice | null; cartItems?: number } = {}) {
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
    { input: { companyId: 1, branchId: input.branchId ?? 1, chosen: input.chosen ?? null, cartItems: input.cartItems ?? 0 } },
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
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartItems: 3 });
    actor.send({ type: 'pin.submit', pinCode: '682001' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(remembered).toEqual([{ pinCode: '682001', companyId: 1, branchId: 1, branchName: 'Fort Kochi' }]);
    expect(switched).toEqual([]);
    expect(actor.getSnapshot().context.chosen?.pinCode).toBe('682001');
  });

  it('a PIN code of another branch switches the shop at once when the cart is empty', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartItems: 0 });
    actor.send({ type: 'pin.submit', pinCode: '682030' });
    await settled();
    expect(actor.getSnapshot().value).toBe('served');
    expect(remembered.map((c) => c.branchId)).toEqual([2]);
    expect(switched).toEqual([2]);
  });

  it('with lines in the cart, another branch waits for the shopper: keeping the branch changes nothing', async () => {
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartItems: 0 });
    actor.send({ type: 'pin.cartCounted', items: 2 });
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
    const { actor, remembered, switched, settled } = start({ branchId: 1, cartItems: 2 });
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

const at = (real: string, description: string) => ({ meta: { real, description } });

/** The machine with the server deferred: each path settles the check as its model says. */
function startDeferred() {
  const deferred = new Deferred();
  const remembered: PinChoice[] = [];
  const switched: number[] = [];
  const actor = createActor(
    pinCheckMachine.provide({
      actors: deferred.actors('checkPin'),
      actions: { remember: (_, { choice }) => remembered.push(choice), switchBranch: (_, { branchId }) => switched.push(branchId) },
    }),
    { input: { companyId: 1, branchId: 1, chosen: null, cartItems: 2 } },
  ).start();
  return { actor, deferred, remembered, switched };
}

describeModel('PIN check machine, every shortest path (bad input, served, not served, another branch, failure and retry)', {
  machine: pinCheckMachine,
  model: setup({}).createMachine({
    id: 'pinCheckModel',
    initial: 'idle',
    states: {
      idle: { ...at('idle', 'nothing asked yet'), on: { SUBMIT: 'checking', SUBMIT_BAD: 'invalid' } },
      invalid: { ...at('invalid', 'not a PIN code: said at once, the server not asked'), on: { EDIT: 'editing' } },
      editing: at('idle', 'typing again'),
      checking: {
        ...at('checking', 'the server is asked'),
        on: { ANSWER_SERVED: 'served', ANSWER_NOT_SERVED: 'notServed', ANSWER_OTHER_BRANCH: 'confirmingSwitch', CHECK_FAILS: 'failed' },
      },
      served: at('served', 'served by the branch shown: remembered, the shop stays'),
      notServed: { ...at('notServed', "the server's sentence: not delivered there yet"), on: { SUBMIT: 'checkingAgain' } },
      checkingAgain: { ...at('checking', 'another PIN code asked about'), on: { ANSWER_SERVED: 'servedAfterAll' } },
      servedAfterAll: at('served', 'the second PIN code is served'),
      confirmingSwitch: {
        ...at('confirmingSwitch', 'another branch serves it and the cart has lines: the shopper decides'),
        on: { CONFIRM: 'switched', KEEP: 'kept' },
      },
      switched: at('served', 'the shopper chose the other branch: remembered and switched'),
      kept: at('idle', 'the shopper kept the branch: nothing remembered'),
      failed: { ...at('failed', 'the check failed, with the reason'), on: { RETRY: 'retrying' } },
      retrying: { ...at('checking', 'the same PIN code asked again'), on: { ANSWER_SERVED: 'servedAfterRetry' } },
      servedAfterRetry: at('served', 'served on the second try'),
    },
  }),
  start: startDeferred,
  events: ({ actor, deferred }) => ({
    SUBMIT: () => actor.send({ type: 'pin.submit', pinCode: '682001' }),
    SUBMIT_BAD: () => actor.send({ type: 'pin.submit', pinCode: '06820' }),
    EDIT: () => actor.send({ type: 'pin.edit' }),
    ANSWER_SERVED: () => deferred.settle('checkPin', { output: answerFor('682001') }),
    ANSWER_NOT_SERVED: () => deferred.settle('checkPin', { output: answerFor('695001') }),
    ANSWER_OTHER_BRANCH: () => deferred.settle('checkPin', { output: answerFor('682030') }),
    CHECK_FAILS: () => deferred.settle('checkPin', { error: new Error('Network down') }),
    RETRY: () => actor.send({ type: 'pin.retry' }),
    CONFIRM: () => actor.send({ type: 'pin.confirmSwitch' }),
    KEEP: () => actor.send({ type: 'pin.keepBranch' }),
  }),
  states: ({ actor, remembered, switched }) => ({
    invalid: () => expect(actor.getSnapshot().context.error).toBe('Enter a 6-digit PIN code that does not start with 0.'),
    served: () => {
      expect(remembered.map((c) => c.pinCode)).toEqual(['682001']);
      expect(switched).toEqual([]);
    },
    notServed: () => {
      expect(actor.getSnapshot().context.answer?.Message).toBe("We don't deliver to 695001 yet.");
      expect(remembered).toEqual([]);
    },
    confirmingSwitch: () => expect(remembered).toEqual([]),
    switched: () => {
      expect(remembered.map((c) => c.branchId)).toEqual([2]);
      expect(switched).toEqual([2]);
    },
    kept: () => {
      expect(remembered).toEqual([]);
      expect(switched).toEqual([]);
      expect(actor.getSnapshot().context.chosen).toBeNull();
    },
    failed: () => expect(actor.getSnapshot().context.error).toBe('Network down'),
  }),
});
