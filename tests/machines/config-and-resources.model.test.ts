/**
 * Model-based tests of the read-only stores: company config, wallet and the FAQ resource.
 * Every shortest path of each model is replayed on the real machine (model-harness.ts).
 */
import { expect, vi } from 'vitest';
import { createActor, setup } from 'xstate';
import { configMachine, type CompanyConfig } from '../../machines/config.machine';
import { faqMachine, QUERY_RETRIES, QUERY_RETRY_BASE_MS } from '../../machines/resource.machine';
import { walletMachine, WALLET_MESSAGES, type WalletInfo } from '../../machines/wallet.machine';
import { Deferred, describeModel, flush } from './model-harness';

const at = (real: string, description: string) => ({ meta: { real, description } });

const CONFIG: CompanyConfig = {
  details: {
    CompanyId: 1,
    Name: 'Shoal Fresh',
    DisplayName: 'Shoal Fresh',
    CurrencySymbol: '₹',
    CurrencyCode: 'INR',
    DecimalValue: 2,
    ThemeColor: '#1d4ed8',
    Logo: '',
    CompanyInfo: { About: '', Phone: '', Email: '', Address: '', ReturnWindowHours: 48 },
    Branches: [],
    Pages: [],
  },
  settings: [{ KeyCode: 'DELIVERY OFFER AMOUNT', Value: '999', Active: true }],
};

describeModel('config machine, every shortest path (section 3: loading, error, fetched)', {
  machine: configMachine,
  model: setup({}).createMachine({
    id: 'configModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'the first fetch'), on: { CONFIG_ARRIVES: 'fetched', CONFIG_FAILS: 'failed' } },
      fetched: { ...at('fetched', 'details and settings stored'), on: { PATH_CHANGES: 'refetching', OTHER_COMPANY: 'otherCompany' } },
      failed: { ...at('error', "the server's message kept"), on: { PATH_CHANGES: 'loading' } },
      refetching: { ...at('loading', 'refetched on a path change, old config still shown'), on: { CONFIG_FAILS: 'failedKeepingOld' } },
      failedKeepingOld: at('error', 'a failed refetch keeps the config it had'),
      otherCompany: at('loading', 'refetched for another company id'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const persist = vi.fn();
    const actor = createActor(configMachine.provide({ actors: deferred.actors('fetchConfig'), actions: { persist } }), { input: { companyId: 1 } }).start();
    return { actor, deferred, persist };
  },
  events: ({ actor, deferred }) => ({
    CONFIG_ARRIVES: () => deferred.settle('fetchConfig', { output: CONFIG }),
    CONFIG_FAILS: () => deferred.settle('fetchConfig', { error: new Error('Company 1 is not set up') }),
    PATH_CHANGES: () => actor.send({ type: 'config.fetch' }),
    OTHER_COMPANY: () => actor.send({ type: 'config.fetch', companyId: 2 }),
  }),
  states: ({ actor, deferred, persist }) => ({
    loading: () => {
      expect(deferred.open('fetchConfig').map((c) => c.input)).toEqual([{ companyId: 1 }]);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    },
    fetched: () => {
      expect(actor.getSnapshot().context).toMatchObject({ details: CONFIG.details, settings: CONFIG.settings, error: null });
      expect(persist).toHaveBeenCalledTimes(1);
    },
    failed: () => expect(actor.getSnapshot().context).toMatchObject({ details: null, error: 'Company 1 is not set up' }),
    refetching: () => {
      expect(deferred.calls.fetchConfig).toHaveLength(2);
      expect(actor.getSnapshot().context.details).toEqual(CONFIG.details);
    },
    failedKeepingOld: () => expect(actor.getSnapshot().context).toMatchObject({ details: CONFIG.details, error: 'Company 1 is not set up' }),
    otherCompany: () => expect(deferred.open('fetchConfig').map((c) => c.input)).toEqual([{ companyId: 2 }]),
  }),
});

const WALLET: WalletInfo = { WalletBalance: 120.5, LoyaltyPoints: 4, LoyaltyValue: 4, WalletHistory: [], LoyaltyHistory: [] };

describeModel('wallet machine, every shortest path', {
  machine: walletMachine,
  model: setup({}).createMachine({
    id: 'walletModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'the wallet loading'), on: { WALLET_ARRIVES: 'ready', WALLET_FAILS: 'failed' } },
      ready: { ...at('ready', 'balance and points'), on: { REFRESH: 'reloading', ORDER_STATUS_PUSHED: 'reloading', CONNECTION_REOPENS: 'catchingUp' } },
      failed: { ...at('failed', 'the load failed, with refresh'), on: { REFRESH: 'loading', CONNECTION_REOPENS: 'loading' } },
      reloading: at('loading', 'loading again'),
      catchingUp: {
        ...at('catchingUp', 'read again, balance and points still shown'),
        on: { CATCH_UP_ARRIVES: 'caughtUp', CATCH_UP_FAILS: 'catchUpFailed', ORDER_STATUS_PUSHED: 'askedAgain' },
      },
      caughtUp: at('ready', 'the balance credited while away'),
      catchUpFailed: at('ready', 'the balance shown kept when the read fails'),
      askedAgain: at('catchingUp', 'an order changed during the read: asked again'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const actor = createActor(walletMachine.provide({ actors: deferred.actors('fetchWallet') }), { input: { customerId: 7 } }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    WALLET_ARRIVES: () => deferred.settle('fetchWallet', { output: WALLET }),
    WALLET_FAILS: () => deferred.settle('fetchWallet', { error: new Error('') }),
    REFRESH: () => actor.send({ type: 'wallet.refresh' }),
    ORDER_STATUS_PUSHED: () => actor.send({ type: 'wallet.orderChanged' }),
    CONNECTION_REOPENS: () => actor.send({ type: 'wallet.catchUp' }),
    CATCH_UP_ARRIVES: () => deferred.settle('fetchWallet', { output: { ...WALLET, WalletBalance: WALLET.WalletBalance + 50 } }),
    CATCH_UP_FAILS: () => deferred.settle('fetchWallet', { error: new Error('Network error') }),
  }),
  states: ({ actor, deferred }) => ({
    loading: () => expect(deferred.open('fetchWallet').map((c) => c.input)).toEqual([{ customerId: 7 }]),
    ready: () => expect(actor.getSnapshot().context.wallet).toEqual(WALLET),
    failed: () => expect(actor.getSnapshot().context.error).toBe(WALLET_MESSAGES.loadFailed),
    reloading: () => {
      expect(deferred.open('fetchWallet')).toHaveLength(1);
      expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    },
    catchingUp: () => {
      expect(deferred.open('fetchWallet')).toHaveLength(1);
      expect(actor.getSnapshot().hasTag('busy')).toBe(false);
      expect(actor.getSnapshot().context.wallet).toEqual(WALLET);
    },
    caughtUp: () => expect(actor.getSnapshot().context.wallet?.WalletBalance).toBe(WALLET.WalletBalance + 50),
    catchUpFailed: () => expect(actor.getSnapshot().context).toMatchObject({ wallet: WALLET, error: null }),
    askedAgain: () => expect(deferred.open('fetchWallet'), 'the first read is left unanswered, a second one asked').toHaveLength(2),
  }),
});

/** Waits 1 s, 2 s, 4 s between the tries of a read (section 9: 3 retries). */
const retryWait = (failures: number) => QUERY_RETRY_BASE_MS * 2 ** (failures - 1);

describeModel('FAQ resource machine, every shortest path (3 retries, then the error)', {
  machine: faqMachine,
  model: setup({}).createMachine({
    id: 'faqModel',
    initial: 'loading',
    states: {
      loading: { ...at('loading', 'the first try'), on: { LOAD_OK: 'fetched', LOAD_FAILS: 'retry1' } },
      retry1: { ...at('retrying', 'waiting 1 s'), on: { WAIT_PASSES: 'loading2' } },
      loading2: { ...at('loading', 'the second try'), on: { LOAD_FAILS: 'retry2', LOAD_OK: 'fetched' } },
      retry2: { ...at('retrying', 'waiting 2 s'), on: { WAIT_PASSES: 'loading3' } },
      loading3: { ...at('loading', 'the third try'), on: { LOAD_FAILS: 'retry3' } },
      retry3: { ...at('retrying', 'waiting 4 s'), on: { WAIT_PASSES: 'loading4' } },
      loading4: { ...at('loading', 'the last try'), on: { LOAD_FAILS: 'failed' } },
      failed: { ...at('error', 'the error with Try again'), on: { RETRY: 'loadingAgain' } },
      loadingAgain: { ...at('loading', 'Try again pressed'), on: { LOAD_OK: 'fetched' } },
      fetched: at('fetched', 'the questions'),
    },
  }),
  start() {
    const deferred = new Deferred();
    const actor = createActor(faqMachine.provide({ actors: deferred.actors('load') }), { input: { cached: null } }).start();
    return { actor, deferred };
  },
  events: ({ actor, deferred }) => ({
    LOAD_OK: () => deferred.settle('load', { output: [{ FaqId: 1, Question: 'Is the fish fresh?', Answer: 'Caught this morning.' }] }),
    LOAD_FAILS: () => deferred.settle('load', { error: new Error('Network error') }),
    WAIT_PASSES: async () => {
      const failures = actor.getSnapshot().context.failures;
      await vi.advanceTimersByTimeAsync(retryWait(failures) - 1);
      expect(deferred.open('load'), 'no try before the wait is over').toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1);
      await flush();
    },
    RETRY: () => actor.send({ type: 'resource.retry' }),
  }),
  states: ({ actor, deferred }) => ({
    retry1: () => expect(actor.getSnapshot().context.failures).toBe(1),
    retry2: () => expect(actor.getSnapshot().context.failures).toBe(2),
    retry3: () => expect(actor.getSnapshot().context.failures).toBe(QUERY_RETRIES),
    loading4: () => expect(deferred.calls.load).toHaveLength(QUERY_RETRIES + 1),
    failed: () => expect(actor.getSnapshot().context).toMatchObject({ error: 'Network error', data: null }),
    fetched: () => expect(actor.getSnapshot().context.data).toEqual([{ FaqId: 1, Question: 'Is the fish fresh?', Answer: 'Caught this morning.' }]),
  }),
});
