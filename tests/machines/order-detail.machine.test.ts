import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { orderDetailMachine } from '../../machines/order-detail.machine';
import { ORDER_DETAIL_MESSAGES } from '../../machines/order-detail.rules';
import type { NotifyParams } from '../../machines/order-detail.types';
import type { OrderDetail, OrderReason } from '../../contract/order-history.schemas';
import type { UploadedImage } from '../../contract/upload.schemas';
import { ApiError } from '../../src/lib/http';

const base: OrderDetail = {
  OrderId: 5,
  OrderNo: 'SH5',
  CompanyId: 1,
  OrderStatus: 'Placed',
  StatusCode: 'PLACED',
  CreatedAt: '2026-01-01T00:00:00.000Z',
  PaymentMethod: 'ONLINE',
  PaymentStatus: 'CAPTURED',
  TransactionNo: 'pay_1',
  SlotLabel: 'Tomorrow',
  Address: null,
  Items: [],
  GrossAmount: 500,
  CouponCode: '',
  DiscountAmount: 0,
  Savings: 0,
  DeliveryCharge: 0,
  WalletAmount: 0,
  LoyaltyPoints: 0,
  LoyaltyAmount: 0,
  NetAmount: 500,
  RefundAmount: 0,
  Refunds: [],
  Timeline: [],
  DeliveredAt: null,
  CancelledAt: null,
  CancelReason: '',
  Return: null,
  Review: null,
  CanCancel: true,
  CanReturn: false,
  CanReview: false,
  ReturnWindowEndsAt: null,
};
const delivered: OrderDetail = { ...base, OrderStatus: 'Delivered', StatusCode: 'DELIVERED', CanCancel: false, CanReturn: true, CanReview: true };
const reasons: OrderReason[] = [{ ReasonId: 3, Type: 'RETURN', Reason: 'Spoiled' }];
const photo = new File([new Uint8Array([0x89, 0x50])], 'p.png', { type: 'image/png' });

function start(order: OrderDetail, fakes: { cancel?: () => Promise<OrderDetail>; upload?: () => Promise<UploadedImage | null> } = {}) {
  const notes: NotifyParams[] = [];
  const calls: { name: string; input: unknown }[] = [];
  let current = order;
  const record = <I>(name: string, result: (input: I) => Promise<OrderDetail>) =>
    fromPromise<OrderDetail, I>(async ({ input }) => {
      calls.push({ name, input });
      return result(input);
    });
  const actor = createActor(
    orderDetailMachine.provide({
      actors: {
        fetchOrder: record('fetchOrder', async () => current),
        fetchReasons: fromPromise(async () => reasons),
        cancelOrder: record('cancelOrder', fakes.cancel ?? (async () => (current = { ...current, StatusCode: 'CANCELLED', CanCancel: false }))),
        uploadImage: fromPromise<UploadedImage | null, { file: File }>(fakes.upload ?? (async () => ({ Url: '/uploads/a.png', FileName: 'a.png' }))),
        requestReturn: record('requestReturn', async () => (current = { ...current, StatusCode: 'RETURN_REQUESTED', CanReturn: false })),
        saveReview: record(
          'saveReview',
          async (input: { orderId: number; rating: number; review: string }) =>
            (current = { ...current, Review: { Rating: input.rating, Review: input.review, ReviewedAt: 'now' } }),
        ),
        deleteReview: record('deleteReview', async () => (current = { ...current, Review: null })),
      },
      actions: { notify: (_, params) => notes.push(params) },
    }),
    { input: { orderId: 5, companyId: 1 } },
  ).start();
  return { actor, notes, calls, serverMoves: (next: Partial<OrderDetail>) => void (current = { ...current, ...next }) };
}

const idle = (s: { matches: (v: object) => boolean }) => s.matches({ ready: { action: 'idle' } });

describe('order detail machine', () => {
  it('cancels only after confirmation and shows the section 8 success text', async () => {
    const { actor, notes, calls } = start(base);
    await waitFor(actor, idle);
    actor.send({ type: 'order.cancel' });
    expect(actor.getSnapshot().matches({ ready: { action: 'confirmingCancel' } })).toBe(true);
    actor.send({ type: 'order.cancelDismiss' });
    expect(calls.filter((c) => c.name === 'cancelOrder')).toHaveLength(0);
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirm' });
    await waitFor(actor, (s) => idle(s) && s.context.order?.StatusCode === 'CANCELLED');
    expect(notes).toEqual([{ kind: 'success', message: 'Order cancelled successfully!' }]);
  });

  it.each([
    [
      'a refusal with the server’s message',
      new ApiError(409, 'This order has already left the shop and can no longer be cancelled.'),
      'This order has already left the shop and can no longer be cancelled.',
    ],
    ['a refusal without a message', new ApiError(500, 'Request failed (500)'), ORDER_DETAIL_MESSAGES.cancelFailed],
    ['a network failure', new ApiError(0, 'Network error'), ORDER_DETAIL_MESSAGES.cancelError],
    ['an unexpected error', new Error('boom'), ORDER_DETAIL_MESSAGES.cancelError],
  ])('reports %s', async (_name, error, message) => {
    const { actor, notes } = start(base, { cancel: async () => Promise.reject(error) });
    await waitFor(actor, idle);
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.cancelConfirm' });
    await waitFor(actor, (s) => idle(s) && notes.length > 0);
    expect(notes).toEqual([{ kind: 'error', message }]);
  });

  it('does not offer a cancel the server would refuse', async () => {
    const { actor } = start(delivered);
    await waitFor(actor, idle);
    actor.send({ type: 'order.cancel' });
    expect(idle(actor.getSnapshot())).toBe(true);
  });

  it('checks the return form, uploads the photo, then requests the return with its url', async () => {
    const { actor, calls, notes } = start(delivered);
    await waitFor(actor, (s) => idle(s) && s.matches({ ready: { reasons: 'loaded' } }));
    actor.send({ type: 'order.returnSubmit', form: { reasonId: null, remark: 'Spoiled fish', photo } });
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.reasonRequired);
    actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: 'bad', photo } });
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.remarkLength);
    actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: 'Spoiled fish', photo: null } });
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.photoRequired);
    actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: ' Spoiled fish ', photo } });
    await waitFor(actor, (s) => idle(s) && s.context.order?.StatusCode === 'RETURN_REQUESTED');
    expect(calls.find((c) => c.name === 'requestReturn')?.input).toEqual({ orderId: 5, remark: 'Spoiled fish', image: '/uploads/a.png', reasonId: 3 });
    expect(notes).toEqual([{ kind: 'success', message: ORDER_DETAIL_MESSAGES.returnRequested }]);
  });

  it('takes back a form message as soon as the customer fixes what it was about, and only then', async () => {
    const { actor } = start(delivered);
    await waitFor(actor, (s) => idle(s) && s.matches({ ready: { reasons: 'loaded' } }));
    actor.send({ type: 'order.returnSubmit', form: { reasonId: null, remark: '', photo: null } });
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.reasonRequired);
    actor.send({ type: 'order.returnEdit', form: { reasonId: null, remark: 'Spoiled', photo: null } });
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.reasonRequired);
    actor.send({ type: 'order.returnEdit', form: { reasonId: 3, remark: 'Spoiled', photo: null } });
    expect(actor.getSnapshot().context.returnError).toBeNull();
    // With no message showing, an edit does not bring one up before the next submit.
    actor.send({ type: 'order.returnEdit', form: { reasonId: null, remark: 'Spoiled', photo: null } });
    expect(actor.getSnapshot().context.returnError).toBeNull();
  });

  it('stops with a message when the upload answers null (section 8)', async () => {
    const { actor, calls } = start(delivered, { upload: async () => null });
    await waitFor(actor, (s) => idle(s) && s.matches({ ready: { reasons: 'loaded' } }));
    actor.send({ type: 'order.returnSubmit', form: { reasonId: 3, remark: 'Spoiled fish', photo } });
    await waitFor(actor, (s) => idle(s) && s.context.returnError !== null);
    expect(actor.getSnapshot().context.returnError).toBe(ORDER_DETAIL_MESSAGES.photoUploadFailed);
    expect(calls.some((c) => c.name === 'requestReturn')).toBe(false);
  });

  it('saves a review with 1 to 5 stars and deletes it', async () => {
    const { actor } = start(delivered);
    await waitFor(actor, idle);
    actor.send({ type: 'order.reviewSubmit', rating: 0, review: 'x' });
    expect(actor.getSnapshot().context.reviewError).toBe(ORDER_DETAIL_MESSAGES.ratingRequired);
    actor.send({ type: 'order.reviewSubmit', rating: 4, review: 'y'.repeat(1001) });
    expect(actor.getSnapshot().context.reviewError).toBe(ORDER_DETAIL_MESSAGES.reviewTooLong);
    actor.send({ type: 'order.reviewSubmit', rating: 4, review: ' Fresh ' });
    await waitFor(actor, (s) => idle(s) && s.context.order?.Review !== null);
    expect(actor.getSnapshot().context.order?.Review).toMatchObject({ Rating: 4, Review: 'Fresh' });
    actor.send({ type: 'order.reviewDelete' });
    await waitFor(actor, (s) => idle(s) && s.context.order?.Review === null);
  });

  it('applies a live status update for this order at once, refetches, and ignores other orders', async () => {
    const { actor, calls } = start(base);
    await waitFor(actor, idle);
    actor.send({ type: 'order.statusUpdate', update: { OrderId: 99, OrderStatus: 'Packed', StatusCode: 'PACKED', At: 'now' } });
    expect(actor.getSnapshot().context.order?.StatusCode).toBe('PLACED');
    actor.send({ type: 'order.cancel' });
    actor.send({ type: 'order.statusUpdate', update: { OrderId: 5, OrderStatus: 'Packed', StatusCode: 'PACKED', At: 'now' } });
    expect(actor.getSnapshot().context.order?.Timeline.at(-1)).toMatchObject({ StatusCode: 'PACKED' });
    // The confirmation the customer is looking at stays open.
    expect(actor.getSnapshot().matches({ ready: { action: 'confirmingCancel' } })).toBe(true);
    await waitFor(actor, (s) => s.matches({ ready: { live: 'idle' } }));
    expect(calls.filter((c) => c.name === 'fetchOrder')).toHaveLength(2);
  });

  it('catches up when the live connection opens or comes back: a change made before it was never pushed', async () => {
    const { actor, calls, serverMoves } = start(base);
    await waitFor(actor, idle);
    serverMoves({ StatusCode: 'OUT_FOR_DELIVERY', OrderStatus: 'Out for Delivery' });
    expect(actor.getSnapshot().context.order?.StatusCode).toBe('PLACED');
    actor.send({ type: 'order.catchUp' });
    await waitFor(actor, (s) => s.matches({ ready: { live: 'idle' } }) && s.context.order?.StatusCode === 'OUT_FOR_DELIVERY');
    expect(calls.filter((c) => c.name === 'fetchOrder')).toHaveLength(2);
  });
});
