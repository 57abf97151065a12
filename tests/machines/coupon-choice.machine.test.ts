import { expect } from 'vitest';
import { createActor, fromPromise, setup } from 'xstate';
import { describeModel } from './model-harness';
import { COUPON_MESSAGES, couponChoiceMachine } from '../../machines/coupon-choice.machine';

/** The coupon machine with its effects recorded and the clipboard answering as told. */
function start() {
  const remembered: (string | null)[] = [];
  const notes: string[] = [];
  const clipboard = { works: true, copied: [] as string[], waiting: false, answer: null as (() => void) | null };
  const actor = createActor(
    couponChoiceMachine.provide({
      actors: {
        copyCode: fromPromise<void, { code: string }>(async ({ input }) => {
          if (clipboard.waiting) await new Promise<void>((resolve) => (clipboard.answer = resolve));
          if (!clipboard.works) throw new Error('denied');
          clipboard.copied.push(input.code);
        }),
      },
      actions: {
        remember: (_, { code }) => remembered.push(code),
        notifySuccess: (_, { message }) => notes.push(`success: ${message}`),
        notifyInfo: (_, { message }) => notes.push(`info: ${message}`),
        notifyError: (_, { message }) => notes.push(`error: ${message}`),
      },
    }),
    { input: { applied: null } },
  ).start();
  return { actor, remembered, notes, clipboard };
}

const at = (real: string, description: string) => ({ meta: { real, description } });

/** Lets the clipboard's promise settle. */
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => undefined);

describeModel('coupon choice machine, every shortest path (apply, remove, copy)', {
  machine: couponChoiceMachine,
  model: setup({}).createMachine({
    id: 'couponChoiceModel',
    initial: 'none',
    states: {
      none: { ...at('ready', 'no coupon applied'), on: { APPLY: 'applied', COPY: 'copied', COPY_REFUSED: 'copyFailed', COPY_SLOWLY: 'copying' } },
      copying: { ...at('copying', 'the clipboard not answered yet: nothing said'), on: { CLIPBOARD_ANSWERS: 'copied' } },
      applied: { ...at('ready', 'a coupon applied and kept for checkout, with a notification'), on: { REMOVE: 'removed', APPLY_ANOTHER: 'replaced' } },
      replaced: at('ready', 'another coupon applied in its place'),
      removed: at('ready', 'the coupon removed and forgotten'),
      copied: at('ready', 'a code copied to the clipboard, with a notification'),
      copyFailed: at('ready', 'a copy the browser refused, with an error'),
    },
  }),
  start,
  events: ({ actor, clipboard }) => ({
    APPLY: () => actor.send({ type: 'coupon.apply', code: 'FRESH10' }),
    APPLY_ANOTHER: () => actor.send({ type: 'coupon.apply', code: 'FISH50' }),
    REMOVE: () => actor.send({ type: 'coupon.remove' }),
    COPY: async () => {
      actor.send({ type: 'coupon.copy', code: 'FRESH10' });
      await settle();
    },
    COPY_SLOWLY: async () => {
      clipboard.waiting = true;
      actor.send({ type: 'coupon.copy', code: 'FRESH10' });
      await settle();
    },
    CLIPBOARD_ANSWERS: async () => {
      clipboard.answer?.();
      await settle();
      await settle();
    },
    COPY_REFUSED: async () => {
      clipboard.works = false;
      actor.send({ type: 'coupon.copy', code: 'FRESH10' });
      await settle();
    },
  }),
  states: ({ actor, remembered, notes, clipboard }) => ({
    none: () => expect(actor.getSnapshot().context.applied).toBeNull(),
    applied: () => {
      expect(actor.getSnapshot().context.applied).toBe('FRESH10');
      expect(remembered).toEqual(['FRESH10']);
      expect(notes).toEqual([`success: ${COUPON_MESSAGES.applied('FRESH10')}`]);
    },
    replaced: () => {
      expect(actor.getSnapshot().context.applied).toBe('FISH50');
      expect(remembered).toEqual(['FRESH10', 'FISH50']);
    },
    removed: () => {
      expect(actor.getSnapshot().context.applied).toBeNull();
      expect(remembered).toEqual(['FRESH10', null]);
    },
    copying: () => {
      expect(actor.getSnapshot().context.copying).toBe('FRESH10');
      expect(notes).toEqual([]);
    },
    copied: () => {
      expect(clipboard.copied).toEqual(['FRESH10']);
      expect(notes).toEqual([`info: ${COUPON_MESSAGES.copied('FRESH10')}`]);
      expect(actor.getSnapshot().context.copying).toBeNull();
    },
    copyFailed: () => {
      expect(clipboard.copied).toEqual([]);
      expect(notes).toEqual([`error: ${COUPON_MESSAGES.copyFailed}`]);
    },
  }),
});
