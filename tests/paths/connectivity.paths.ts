/**
 * The connectivity note (the bar under the header) as a visitor on a phone lives it: the phone
 * losing its network and finding it again, the note that it is back going after a few seconds,
 * and a shop that does not answer while the phone has a network, found again by the probe
 * (after a probe that failed, the next one waits longer), with the failed screen loading by
 * itself. Replayed in Chromium by tests/browser/paths-connectivity.test.ts.
 */
import { setup } from 'xstate';
import { BACK_ONLINE_NOTICE_MS, connectivityMachine, PROBE_DELAYS_MS } from '../../machines/connectivity.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const connectivityPathModel = setup({}).createMachine({
  id: 'connectivityPaths',
  initial: 'online',
  states: {
    online: {
      ...at('online.steady', 'home shown, no note under the header'),
      on: { PHONE_LOSES_ITS_NETWORK: 'noNetwork', A_READ_GETS_NO_ANSWER: 'unreachable' },
    },
    noNetwork: {
      ...at('offline.noNetwork', "You are offline. We'll reconnect when your network is back.; the shop is not asked"),
      on: { PHONE_FINDS_ITS_NETWORK: 'backOnline' },
    },
    backOnline: {
      ...at('online.restored', 'You are back online.'),
      on: { NOTICE_TIME_PASSES: 'steadyAgain' },
    },
    steadyAgain: at('online.steady', `the note gone ${BACK_ONLINE_NOTICE_MS / 1000} s later`),
    unreachable: {
      ...at('offline.unreachable', 'the FAQ read got no answer: the offline note and the failed screen'),
      on: { PROBE_TIME_COMES: 'probing' },
    },
    probing: {
      ...at('offline.probing', `${PROBE_DELAYS_MS[0] / 1000} s later the shop is asked for something small; the note stays`),
      on: { PROBE_GETS_NO_ANSWER: 'unreachableAgain', PROBE_FINDS_THE_SHOP: 'restoredByProbe' },
    },
    unreachableAgain: {
      ...at('offline.probing', `no answer: the note stays, and the next probe waits ${PROBE_DELAYS_MS[1] / 1000} s`, ['offline.unreachable']),
      on: { PROBE_FINDS_THE_SHOP: 'restoredByProbe' },
    },
    restoredByProbe: at('online.restored', 'the probe found the shop: You are back online., and the FAQ loads by itself', ['offline.probing']),
  },
});

export const connectivityPaths: PathModel = {
  name: 'connectivity',
  machine: connectivityMachine,
  model: connectivityPathModel,
  transient: { starting: 'an eventless choice between online and offline by what the browser says at start, left in the same step' },
  testFile: 'tests/browser/paths-connectivity.test.ts',
};
