import type { OrderDeps } from '../services/service-deps.js';
import type { OrderRecord } from '../repositories/order-repository.js';
import { formatPaise } from '../../contract/money.rules.js';
import { selectCustomerContact } from '../repositories/customer-repository.js';
import { selectCompanyMailFacts } from '../repositories/company-repository.js';
import { selectOrderItems } from '../repositories/order-repository.js';

/** The order confirmation: sent once, when the order is placed (paid, cash on delivery or nothing to pay), for the order as just read. */
export async function sendOrderConfirmation(deps: Pick<OrderDeps, 'db' | 'mail'>, order: OrderRecord): Promise<void> {
  const orderId = order.id;
  const [[customer], [company], items] = await Promise.all([
    selectCustomerContact(deps.db, order.customer_id),
    selectCompanyMailFacts(deps.db, order.company_id),
    selectOrderItems(deps.db, orderId),
  ]);
  const symbol = company?.currency_symbol ?? '₹';
  const money = (paise: number) => formatPaise(paise, symbol);
  const shop = company?.display_name ?? 'Shoal';
  const payment =
    order.payment_method === 'COD' && order.net_amount > 0
      ? `Cash on delivery: ${money(order.net_amount)}`
      : order.net_amount > 0
        ? `Paid online: ${money(order.net_amount)} (transaction ${order.provider_payment_id ?? ''})`
        : 'Nothing to pay.';
  const lines = [
    `Hello ${customer?.name || 'there'},`,
    '',
    `Thank you for your order ${order.order_no} with ${shop}. It has been placed.`,
    '',
    ...items.map((i) => `- ${i.item_name}${i.variant_name ? ` (${i.variant_name})` : ''} × ${i.qty}: ${money(i.value)}`),
    '',
    `Items: ${money(order.gross_amount)}`,
    ...(order.discount_amount > 0 ? [`Coupon ${order.coupon_code ?? ''}: -${money(order.discount_amount)}`] : []),
    `Delivery: ${order.delivery_charge > 0 ? money(order.delivery_charge) : 'free'}`,
    ...(order.wallet_amount > 0 ? [`Wallet: -${money(order.wallet_amount)}`] : []),
    ...(order.loyalty_amount > 0 ? [`Loyalty points (${order.loyalty_points}): -${money(order.loyalty_amount)}`] : []),
    payment,
    '',
    `Delivery slot: ${order.slot_label}`,
  ];
  const text = lines.join('\n');
  const subject = `Order ${order.order_no} placed`;
  // Customers who signed in with a mobile number may have no e-mail; the shop always gets a copy.
  if (customer?.email) await deps.mail.send({ to: customer.email, subject, text });
  if (company?.email) await deps.mail.send({ to: company.email, subject: `New order ${order.order_no}`, text });
}
