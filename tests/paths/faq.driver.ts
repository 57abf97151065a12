/**
 * Carries out the events of the FAQ path model in Chromium and checks, in each model state,
 * what the visitor sees. The questions shown are compared with what the server holds; the
 * server's failures are made by answering the page's request 500 before it reaches the server.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { QUERY_RETRIES, QUERY_RETRY_BASE_MS } from '../../machines/resource.machine';
import { closePathPage, openPathPage, type PathPage, visible, type World } from './browser-world.js';
import { GateSet } from './gate-set.js';
import { SERVER_ERROR_MESSAGE } from './network-gates.js';
import { ShopApi } from './shop-fixtures.js';

interface StoredFaq {
  FaqId: number;
  Question: string;
  Answer: string;
}

export interface FaqShop {
  world: World;
  faqs: StoredFaq[];
}

export async function prepareFaqShop(world: World): Promise<FaqShop> {
  const faqs = await new ShopApi(world.server.url, null).call<StoredFaq[]>('GET', 'FAQ/common/1');
  if (faqs.length < 2) throw new Error('The demo shop has too few questions');
  return { world, faqs };
}

export function faqDriver(shop: FaqShop) {
  let phone: PathPage | null = null;
  const page = (): Page => {
    if (!phone) throw new Error('The path has no page yet');
    return phone.page;
  };
  const gates = new GateSet<'faq' | 'probe'>(page);
  const the = () => gates.the('faq');

  const skeleton = () => page().getByRole('status', { name: 'Loading questions' });
  const failed = () =>
    page()
      .getByRole('alert')
      .filter({ has: page().getByRole('heading', { name: 'We could not load the questions' }) });
  const question = (text: string) => page().getByRole('button', { name: text, exact: true });
  const expectQuestions = async () => {
    await visible(page().getByRole('heading', { name: 'Frequently asked questions', level: 1 }));
    for (const faq of shop.faqs) await visible(question(faq.Question));
    const [first, second] = shop.faqs;
    await visible(page().getByText(first?.Answer ?? '(none)', { exact: true }));
    expect(
      await page()
        .getByText(second?.Answer ?? '(none)', { exact: true })
        .isVisible(),
      'only the first answer is open',
    ).toBe(false);
    expect(await failed().count()).toBe(0);
  };
  const gap = (i: number) => (the().seen[i]?.at ?? 0) - (the().seen[i - 1]?.at ?? 0);

  const states = {
    loading: async () => {
      await visible(skeleton());
      expect(the().holding, 'the questions are on their way').toBe(1);
    },
    shown: expectQuestions,
    noAnswer: async () => {
      await visible(failed(), 15_000);
      await visible(failed().getByRole('button', { name: 'Try again' }));
      expect(await skeleton().count()).toBe(0);
    },
    shownAfterRetry: expectQuestions,
    askedAgain: async () => {
      await the().arrived(2);
      expect(the().holding).toBe(1);
      expect(gap(1), 'the retry waits a second').toBeGreaterThanOrEqual(QUERY_RETRY_BASE_MS * 0.9);
      await visible(skeleton());
      expect(await failed().count(), 'no error shown').toBe(0);
    },
    shownAfterServerRecovers: expectQuestions,
    gaveUp: async () => {
      await visible(failed(), 20_000);
      await visible(failed().getByText(SERVER_ERROR_MESSAGE));
      expect(the().count, `asked ${QUERY_RETRIES + 1} times`).toBe(QUERY_RETRIES + 1);
      // The waits between the asks double: 1 s, 2 s, 4 s.
      for (let i = 1; i <= QUERY_RETRIES; i += 1) expect(gap(i)).toBeGreaterThanOrEqual(QUERY_RETRY_BASE_MS * 2 ** (i - 1) * 0.9);
    },
  };

  const events = {
    'xstate.init': async () => {
      phone = await openPathPage(shop.world, null);
      await gates.open('faq', 'GET', /\/api\/FAQ\/common\/\d+/);
      // The shop stays unreachable for the connectivity actor's probe, so a failed read waits for Try again rather than retrying when the probe finds the shop.
      await gates.open('probe', 'HEAD', /\/favicon\.svg$/, 'abort');
      await page().goto('/FAQ');
      await the().arrived();
    },
    FAQ_ARRIVES: () => the().release(),
    FAQ_GETS_NO_ANSWER: () => the().fail('abort'),
    TRY_AGAIN: async () => {
      the().setMode('pass');
      const asked = the().count;
      await failed().getByRole('button', { name: 'Try again' }).click();
      await the().arrived(asked + 1);
    },
    SERVER_FAILS_ONCE: () => the().answerServerError('hold'),
    SERVER_ANSWERS: () => the().release(),
    SERVER_KEEPS_FAILING: () => the().answerServerError('serverError'),
  };

  return {
    states,
    events,
    async close() {
      await gates.close();
      await closePathPage(phone);
    },
  };
}
