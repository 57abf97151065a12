/**
 * The live connection (spec sections 4 and 9) as a signed-in customer's page lives it while the
 * real server goes away and comes back on the same port, and while the session changes.
 * Replayed in Chromium by tests/browser/paths-hub.test.ts.
 */
import { setup } from 'xstate';
import { hubMachine } from '../../machines/hub.machine';
import type { PathModel } from './path-model';

const at = (real: string, description: string, passes: string[] = []) => ({ meta: { real, description, passes } });

export const hubPathModel = setup({}).createMachine({
  id: 'hubPaths',
  initial: 'connecting',
  states: {
    connecting: {
      ...at('Connecting', 'a page opening, its live connection starting', ['Disconnected']),
      on: { HUB_ANSWERS: 'live', HUB_UNREACHABLE: 'offlineFromStart' },
    },
    offlineFromStart: at('Reconnecting.waiting', 'the shop usable, with the reconnecting note'),
    live: {
      ...at('Connected', 'a cart change on another device shows at once'),
      on: { SERVER_STOPS: 'serverAway', LOG_OUT: 'restartingAsVisitor' },
    },
    serverAway: {
      ...at('Reconnecting.waiting', 'Live updates paused — reconnecting…'),
      on: { SERVER_RETURNS: 'reconnecting' },
    },
    reconnecting: {
      ...at('Reconnecting.attempting', 'the server back, a reconnect under way, the note still up'),
      on: { HUB_ANSWERS: 'liveAgain' },
    },
    liveAgain: at('Connected', 'the note gone, live cart changes again'),
    restartingAsVisitor: {
      ...at('Connecting', 'logged out: the old connection closed, a visitor connection starting', ['Disconnecting', 'Disconnected']),
      on: { HUB_ANSWERS: 'liveAsVisitor' },
    },
    liveAsVisitor: at('Connected', "the former customer's cart changes no longer reach the page"),
  },
});

export const hubPaths: PathModel = {
  name: 'hub',
  machine: hubMachine,
  model: hubPathModel,
  transient: {},
  testFile: 'tests/browser/paths-hub.test.ts',
};
