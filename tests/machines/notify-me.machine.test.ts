import { describe, expect, it } from 'vitest';
import { describeModel, Deferred, httpError } from './model-harness';
import { createActor, fromPromise, setup } from 'xstate';
import { NOTIFY_ME_TEXT, notifyMeMachine, type NotifyMeLine } from '../../machines/notify-me.machine';
import type { StockNotice } from '../../contract/stock-notice.schemas';

const LINE: NotifyMeLine = { branchId: 1, productId: 12, variantId: 3 };
const notice = (id: number): StockNotice => ({ NoticeId: id, BranchId: 1, ProductId: 12, VariantId: 3, Status: 'WAITING', CreatedAt: '2026-11-26T08:00:00Z' });

/** A server that answers each call as the test says, one pending promise at a time. */
function start(options: { signedIn?: boolean; existing?: StockNotice | null; lookUpFails?: boolean } = {}) {
  const calls: string[] = [];
  const said: string[] = [];
  let logins = 0;
  const answers: { settle: (ok: boolean, message?: string) => void }[] = [];
  const pending = <T>(name: string, value: T) =>
    new Promise<T>((resolve, reject) => {
      calls.push(name);
      answers.push({ settle: (ok, message) => (ok ? resolve(value) : reject(new Error(message ?? ''))) });
    });
  const actor = createActor(
    notifyMeMachine.provide({
      actors: {
        findNotice: fromPromise<StockNotice | null, NotifyMeLine>(async () => {
          calls.push('find');
          if (options.lookUpFails) throw new Error('offline');
          return options.existing ?? null;
        }),
        requestNotice: fromPromise<StockNotice, NotifyMeLine>(() => pending('request', notice(7))),
        cancelNotice: fromPromise<void, { noticeId: number }>(({ input }) => pending(`cancel ${input.noticeId}`, undefined)),
      },
      actions: {
        goToLogin: () => void (logins += 1),
        notifySuccess: (_, { message }) => said.push(message),
        notifyInfo: (_, { message }) => said.push(message),
      },
    }),
    { input: { line: LINE, signedIn: options.signedIn ?? true } },
  ).start();
  const answer = async (ok: boolean, message?: string) => {
    answers.shift()?.settle(ok, message);
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { actor, calls, said, answer, settle, logins: () => logins };
}

describe('notify-me machine', () => {
  it('asks, waits, and cancels back to idle', async () => {
    const t = start();
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('idle');
    t.actor.send({ type: 'notify.press' });
    expect(t.actor.getSnapshot().value).toBe('asking');
    expect(t.actor.getSnapshot().hasTag('busy')).toBe(true);
    await t.answer(true);
    expect(t.actor.getSnapshot().value).toBe('waiting');
    expect(t.actor.getSnapshot().context.noticeId).toBe(7);
    expect(t.said).toEqual([NOTIFY_ME_TEXT.asked]);
    t.actor.send({ type: 'notify.cancel' });
    expect(t.actor.getSnapshot().value).toBe('cancelling');
    await t.answer(true);
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.actor.getSnapshot().context.noticeId).toBeNull();
    expect(t.calls).toEqual(['find', 'request', 'cancel 7']);
    expect(t.said).toEqual([NOTIFY_ME_TEXT.asked, NOTIFY_ME_TEXT.cancelled]);
  });

  it('shows a notice the shopper already waits for as waiting', async () => {
    const t = start({ existing: notice(4) });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('waiting');
    expect(t.actor.getSnapshot().context.noticeId).toBe(4);
  });

  it('offers the button when the look-up fails', async () => {
    const t = start({ lookUpFails: true });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('keeps the server’s words after a failed ask and asks again on Try again', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'notify.press' });
    await t.answer(false, 'You can wait for at most 20 items at once. Cancel one you no longer need first.');
    expect(t.actor.getSnapshot().value).toBe('failed');
    expect(t.actor.getSnapshot().context.error).toBe('You can wait for at most 20 items at once. Cancel one you no longer need first.');
    t.actor.send({ type: 'notify.retry' });
    expect(t.actor.getSnapshot().value).toBe('asking');
    expect(t.actor.getSnapshot().context.error).toBeNull();
    await t.answer(true);
    expect(t.actor.getSnapshot().value).toBe('waiting');
  });

  it('falls back to its own words when the error has none', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'notify.press' });
    await t.answer(false, '');
    expect(t.actor.getSnapshot().context.error).toBe(NOTIFY_ME_TEXT.failed);
  });

  it('keeps waiting after a failed cancel, and cancels on Try again', async () => {
    const t = start({ existing: notice(4) });
    await t.settle();
    t.actor.send({ type: 'notify.cancel' });
    await t.answer(false, 'offline');
    expect(t.actor.getSnapshot().value).toBe('cancelFailed');
    expect(t.actor.getSnapshot().context.noticeId).toBe(4);
    t.actor.send({ type: 'notify.retry' });
    await t.answer(true);
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.calls).toEqual(['find', 'cancel 4', 'cancel 4']);
  });

  it('sends a guest to log in without calling the server', async () => {
    const t = start({ signedIn: false });
    await t.settle();
    expect(t.actor.getSnapshot().value).toBe('idle');
    t.actor.send({ type: 'notify.press' });
    expect(t.logins()).toBe(1);
    expect(t.said).toEqual([NOTIFY_ME_TEXT.loginFirst]);
    expect(t.calls).toEqual([]);
    expect(t.actor.getSnapshot().value).toBe('idle');
  });

  it('ignores presses while a request is on its way', async () => {
    const t = start();
    await t.settle();
    t.actor.send({ type: 'notify.press' });
    t.actor.send({ type: 'notify.press' });
    t.actor.send({ type: 'notify.cancel' });
    await t.answer(true);
    expect(t.calls).toEqual(['find', 'request']);
  });
});

const at = (real: string, description: string) => ({ meta: { real, description } });

describeModel('notify-me machine, every shortest path (look up, ask, cancel, failures)', {
  machine: notifyMeMachine,
  transient: { starting: 'chooses at once between looking up (signed in) and the button (guest)' },
  model: setup({}).createMachine({
    id: 'notifyMeModel',
    initial: 'checking',
    states: {
      checking: {
        ...at('checking', 'looking up whether the shopper already waits'),
        on: { NONE_WAITING: 'idle', ALREADY_WAITING: 'waiting', LOOKUP_FAILS: 'idle' },
      },
      idle: { ...at('idle', '"Notify me" offered'), on: { PRESS: 'asking' } },
      asking: { ...at('asking', 'the notice asked for'), on: { ASK_OK: 'waiting', ASK_FAILS: 'failed' } },
      failed: { ...at('failed', 'the server’s words and Try again'), on: { RETRY: 'asking' } },
      waiting: { ...at('waiting', '"We’ll tell you" with Cancel'), on: { CANCEL: 'cancelling' } },
      cancelling: { ...at('cancelling', 'the notice being cancelled'), on: { CANCEL_OK: 'cancelled', CANCEL_FAILS: 'cancelFailed' } },
      cancelFailed: { ...at('cancelFailed', 'still waiting, the error and Try again'), on: { RETRY_CANCEL: 'cancelling' } },
      cancelled: at('idle', '"Notify me" offered again'),
    },
  }),
  start: () => {
    const deferred = new Deferred();
    const said: string[] = [];
    const actor = createActor(
      notifyMeMachine.provide({
        actors: deferred.actors('findNotice', 'requestNotice', 'cancelNotice'),
        actions: { notifySuccess: (_, { message }) => said.push(message), notifyInfo: (_, { message }) => said.push(message), goToLogin: () => {} },
      }),
      { input: { line: LINE, signedIn: true } },
    ).start();
    return { actor, deferred, said };
  },
  events: ({ actor, deferred }) => ({
    NONE_WAITING: () => deferred.settle('findNotice', { output: null }),
    ALREADY_WAITING: () => deferred.settle('findNotice', { output: notice(4) }),
    LOOKUP_FAILS: () => deferred.settle('findNotice', { error: httpError(500, 'Something went wrong!') }),
    PRESS: () => actor.send({ type: 'notify.press' }),
    ASK_OK: () => deferred.settle('requestNotice', { output: notice(7) }),
    ASK_FAILS: () => deferred.settle('requestNotice', { error: httpError(400, 'You can wait for at most 20 items at once.') }),
    RETRY: () => actor.send({ type: 'notify.retry' }),
    CANCEL: () => actor.send({ type: 'notify.cancel' }),
    CANCEL_OK: () => deferred.settle('cancelNotice', { output: true }),
    CANCEL_FAILS: () => deferred.settle('cancelNotice', { error: httpError(503, 'We could not reach the shop.') }),
    RETRY_CANCEL: () => actor.send({ type: 'notify.retry' }),
  }),
  states: ({ actor, said }) => ({
    failed: () => expect(actor.getSnapshot().context.error).toBe('You can wait for at most 20 items at once.'),
    waiting: () => expect(actor.getSnapshot().context.noticeId).not.toBeNull(),
    cancelFailed: () => expect(actor.getSnapshot().context.error).toBe('We could not reach the shop.'),
    cancelled: () => {
      expect(actor.getSnapshot().context.noticeId).toBeNull();
      expect(said.at(-1)).toBe(NOTIFY_ME_TEXT.cancelled);
    },
  }),
});
