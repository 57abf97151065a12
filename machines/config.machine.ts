import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from './failure-message.rules';

export interface CompanyDetails {
  CompanyId: number;
  Name: string;
  DisplayName: string;
  CurrencySymbol: string;
  CurrencyCode: string;
  DecimalValue: number;
  ThemeColor: string;
  Logo: string;
  CompanyInfo: { About: string; Phone: string; Email: string; Address: string; ReturnWindowHours: number };
  Branches: { BranchId: number; Name: string; Address: string; Phone: string }[];
  Pages: { Slug: string; Title: string; Body: string }[];
}

export interface Setting {
  KeyCode: string;
  Value: string;
  Active: boolean;
}

export interface CompanyConfig {
  details: CompanyDetails;
  settings: Setting[];
}

export interface ConfigContext {
  companyId: number;
  details: CompanyDetails | null;
  settings: Setting[];
  error: string | null;
}

export type ConfigEvent = { type: 'config.fetch'; companyId?: number };

/** Company config store (section 3/4): loading, error, fetched; refetched on every path change. */
export const configMachine = setup({
  types: {
    context: {} as ConfigContext,
    events: {} as ConfigEvent,
    input: {} as { companyId: number; cached?: CompanyConfig | null },
  },
  actors: {
    fetchConfig: fromPromise<CompanyConfig, { companyId: number }>(async () => {
      throw new Error('fetchConfig is not provided');
    }),
  },
  actions: {
    persist: () => {},
  },
}).createMachine({
  id: 'config',
  context: ({ input }) => ({
    companyId: input.companyId,
    details: input.cached?.details ?? null,
    settings: input.cached?.settings ?? [],
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchConfig',
        input: ({ context }) => ({ companyId: context.companyId }),
        onDone: {
          target: 'fetched',
          actions: [assign({ details: ({ event }) => event.output.details, settings: ({ event }) => event.output.settings, error: null }), 'persist'],
        },
        onError: {
          target: 'error',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'Failed to fetch config'),
          }),
        },
      },
    },
    fetched: {
      on: { 'config.fetch': { target: 'loading', actions: assign({ companyId: ({ context, event }) => event.companyId ?? context.companyId }) } },
    },
    error: {
      on: { 'config.fetch': { target: 'loading', actions: assign({ companyId: ({ context, event }) => event.companyId ?? context.companyId }) } },
    },
  },
});

/** The active value of a setting, or null when absent or inactive. */
export function activeSetting(settings: Setting[], keyCode: string): string | null {
  const setting = settings.find((s) => s.KeyCode === keyCode);
  return setting && setting.Active ? setting.Value : null;
}
