import { formatPaise } from '../../../contract/money.rules.js';
import { NETBANKING_BANKS, WALLETS } from './sandbox-methods.js';
import { CHECKOUT_PAGE_SCRIPT } from './checkout-window-script.js';

/**
 * The sandbox's stand-in for Razorpay Checkout: a script that defines window.Razorpay with the
 * same options and callbacks, and the payment window it opens in a full-screen frame (UPI,
 * cards, netbanking, wallets, as Razorpay's standard checkout offers for INR). The window talks
 * back to the page only through postMessage, as Razorpay's own frame does.
 */

/** Marks our messages among whatever else the page receives. */
export const CHECKOUT_MESSAGE_SOURCE = 'shoal-sandbox-checkout';

export const CHECKOUT_SCRIPT = `(function () {
  'use strict';
  var current = document.currentScript;
  var base = current && current.src ? new URL(current.src, window.location.href).origin : window.location.origin;
  var SOURCE = '${CHECKOUT_MESSAGE_SOURCE}';

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    this.options = options || {};
    this.listeners = {};
    this.overlay = null;
    this.onMessage = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) { callback(payload); });
  };

  Razorpay.prototype.open = function () {
    if (this.overlay) return;
    var self = this;
    var o = this.options;
    var prefill = o.prefill || {};
    var params = new URLSearchParams({
      key_id: String(o.key || ''),
      order_id: String(o.order_id || ''),
      name: String(o.name || ''),
      description: String(o.description || ''),
      currency: String(o.currency || 'INR'),
      color: String((o.theme && o.theme.color) || '#3399cc'),
      prefill_name: String(prefill.name || ''),
      prefill_email: String(prefill.email || ''),
      prefill_contact: String(prefill.contact || ''),
      origin: window.location.origin
    });
    var overlay = document.createElement('div');
    overlay.setAttribute('data-sandbox-checkout', '');
    overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,0.6);display:flex;align-items:center;justify-content:center;';
    var frame = document.createElement('iframe');
    frame.title = 'Sandbox checkout';
    frame.name = 'sandbox-checkout';
    frame.src = base + '/sandbox/checkout?' + params.toString();
    frame.style.cssText = 'width:100%;max-width:420px;height:100%;max-height:640px;border:0;border-radius:8px;background:#fff;';
    overlay.appendChild(frame);
    this.onMessage = function (event) {
      if (event.origin !== base || event.source !== frame.contentWindow) return;
      var data = event.data || {};
      if (data.source !== SOURCE) return;
      if (data.type === 'success') {
        self.close();
        if (typeof o.handler === 'function') o.handler(data.response);
      } else if (data.type === 'failed') {
        self.close();
        self.emit('payment.failed', { error: data.error });
      } else if (data.type === 'dismiss') {
        self.close();
        if (o.modal && typeof o.modal.ondismiss === 'function') o.modal.ondismiss();
      }
    };
    window.addEventListener('message', this.onMessage);
    document.body.appendChild(overlay);
    this.overlay = overlay;
  };

  Razorpay.prototype.close = function () {
    if (this.onMessage) window.removeEventListener('message', this.onMessage);
    if (this.overlay && this.overlay.parentNode) this.overlay.parentNode.removeChild(this.overlay);
    this.overlay = null;
    this.onMessage = null;
  };

  window.Razorpay = Razorpay;
})();
`;

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface CheckoutPageInput {
  keyId: string;
  orderId: string;
  /** Paise, from the sandbox's own order record, never from the page's query. */
  amount: number | null;
  currency: string;
  shopName: string;
  description: string;
  color: string;
  email: string;
  contact: string;
  /** The page that opened the window; results are posted only to it. */
  origin: string;
  problem: string | null;
}

/**
 * The window's style sheet and script (checkout-window-script.ts) are the same for every order,
 * so the page's Content-Security-Policy names them by hash (server/plugins/security-headers.plugin.ts)
 * and nothing else inline can run. The shop's colour arrives as --brand, set by the script.
 */
export const CHECKOUT_PAGE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
header{background:var(--brand,#3399cc);color:#fff;padding:16px 20px;display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
header h1{font-size:18px;margin:0 0 4px}header p{margin:0;font-size:14px;opacity:.9}
.amount{font-size:22px;font-weight:600;margin-top:8px}
main{padding:12px 20px 20px}label{display:block;font-size:13px;margin-bottom:12px}select{margin:-8px 0 12px}
input,select{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;font-size:16px;border:1px solid #cbd5e1;border-radius:6px;background:#fff;color:#0f172a}
input[aria-invalid=true]{border-color:#b91c1c}
.row{display:flex;gap:12px}.row label{flex:1}
section{border-bottom:1px solid #e2e8f0;padding:12px 0 16px}section:last-of-type{border-bottom:0}
h2{font-size:16px;margin:0 0 10px}
.primary,#pay{width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:var(--brand,#3399cc);color:#fff;cursor:pointer}
.secondary{width:100%;padding:11px;font-size:15px;border:1px solid var(--brand,#3399cc);border-radius:6px;background:#fff;color:#0f172a;cursor:pointer;margin-top:8px}
.primary:disabled,.secondary:disabled,#pay:disabled{opacity:.6;cursor:wait}
#close{background:transparent;border:1px solid rgba(255,255,255,.7);color:#fff;border-radius:6px;padding:6px 10px;cursor:pointer}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
#close:focus-visible{outline-color:#fff}
.problem{color:#b91c1c;font-size:14px}.hint{color:#475569;font-size:12px;margin-top:8px}
.badge{display:inline-block;font-size:11px;background:#fef3c7;color:#92400e;border-radius:4px;padding:2px 6px;margin-bottom:8px}
.view{padding-top:8px;text-align:center}.view h2{font-size:18px}
.timer{font-size:28px;font-variant-numeric:tabular-nums;font-weight:600;margin:12px 0}
.qr{display:flex;justify-content:center;margin:8px 0}.qr svg{width:220px;height:220px;max-width:100%}
.bank{border:1px solid #cbd5e1;border-radius:8px;padding:16px;margin:8px 0 16px;text-align:left}
.choices{display:flex;gap:12px}.choices button{flex:1}
.fail{background:#b91c1c}
`;

const options = (list: readonly { code: string; name: string }[]): string =>
  list.map((item) => `<option value="${escapeHtml(item.code)}">${escapeHtml(item.name)}</option>`).join('');

/** The payment window; its settings travel in a JSON block, which no browser runs. */
export function checkoutPage(input: CheckoutPageInput): string {
  const color = /^#[0-9a-fA-F]{3,8}$/.test(input.color) ? input.color : '#3399cc';
  const amountText = input.amount === null ? '' : formatPaise(input.amount);
  const config = JSON.stringify({
    keyId: input.keyId,
    orderId: input.orderId,
    name: input.shopName || 'Shop',
    amountText,
    email: input.email,
    contact: input.contact,
    origin: input.origin,
    color,
    source: CHECKOUT_MESSAGE_SOURCE,
  }).replace(/</g, '\\u003c');
  const form = input.problem
    ? `<p role="alert" class="problem">${escapeHtml(input.problem)}</p>`
    : `<div id="methods">
    <section aria-labelledby="upi-heading">
      <h2 id="upi-heading">UPI</h2>
      <form id="upi-form" novalidate>
        <label>UPI ID<input id="vpa" name="vpa" autocomplete="off" autocapitalize="none" spellcheck="false" inputmode="email" placeholder="name@bank" aria-describedby="upi-hint"></label>
        <p id="upi-message" role="alert" class="problem" hidden></p>
        <button type="submit" id="upi-pay" class="primary">Pay ${amountText} by UPI</button>
        <button type="button" id="upi-qr" class="secondary">Show QR code</button>
      </form>
      <p id="upi-hint" class="hint">Sandbox test UPI IDs: success@razorpay is approved; failure@razorpay is declined; expire@razorpay expires (a sandbox-only value).</p>
    </section>
    <section aria-labelledby="card-heading">
      <h2 id="card-heading">Card</h2>
      <form id="card-form" novalidate>
        <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" required></label>
        <div class="row">
          <label>Expiry<input name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required></label>
          <label>CVV<input name="cvv" inputmode="numeric" placeholder="123" autocomplete="cc-csc" required></label>
        </div>
        <label>Name on card<input name="card_name" autocomplete="cc-name"></label>
        <p id="message" role="alert" class="problem" hidden></p>
        <button type="submit" id="pay">Pay ${amountText}</button>
      </form>
      <p class="hint">Sandbox test cards: 4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined. Any future expiry and any 3-digit CVV.</p>
    </section>
    <section aria-labelledby="bank-heading">
      <h2 id="bank-heading">Netbanking</h2>
      <form id="bank-form" novalidate>
        <label for="bank">Choose your bank</label>
        <select id="bank" name="bank"><option value="">Select a bank</option>${options(NETBANKING_BANKS)}</select>
        <p id="bank-message" role="alert" class="problem" hidden></p>
        <button type="submit" id="bank-pay" class="primary">Pay ${amountText} by netbanking</button>
      </form>
    </section>
    <section aria-labelledby="wallet-heading">
      <h2 id="wallet-heading">Wallet</h2>
      <form id="wallet-form" novalidate>
        <label for="wallet">Choose a wallet</label>
        <select id="wallet" name="wallet"><option value="">Select a wallet</option>${options(WALLETS)}</select>
        <p id="wallet-message" role="alert" class="problem" hidden></p>
        <button type="submit" id="wallet-pay" class="primary">Pay ${amountText} by wallet</button>
      </form>
    </section>
  </div>
  <div id="waiting" class="view" hidden>
    <h2 id="waiting-title" tabindex="-1">Approve the payment in your UPI app</h2>
    <p id="waiting-text"></p>
    <div id="qr" class="qr" hidden></div>
    <a id="upi-link" href="#" hidden>Open in a UPI app</a>
    <p>Time left</p>
    <p id="countdown" class="timer" role="timer">0:00</p>
    <p class="hint">Waiting for the UPI app. Keep this window open.</p>
    <p id="simulate-hint" class="hint" hidden></p>
  </div>
  <div id="bank-page" class="view" hidden>
    <h2 id="bank-title" tabindex="-1">Sandbox bank page</h2>
    <div class="bank"><p id="bank-text"></p><p class="hint">No real bank is asked: choose how the payment ends.</p></div>
    <p id="bank-page-message" role="alert" class="problem" hidden></p>
    <div class="choices">
      <button type="button" id="bank-success" class="primary">Success</button>
      <button type="button" id="bank-failure" class="primary fail">Failure</button>
    </div>
  </div>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox checkout</title>
<style>${CHECKOUT_PAGE_STYLE}</style>
<script type="application/json" id="sandbox-checkout-config">${config}</script>
<script>${CHECKOUT_PAGE_SCRIPT}</script>
</head>
<body>
<header>
  <div>
    <span class="badge">SANDBOX · no real money</span>
    <h1>${escapeHtml(input.shopName || 'Shop')}</h1>
    <p>${escapeHtml(input.description)}</p>
    <p class="amount" data-testid="amount">${amountText}</p>
    <p>Order ${escapeHtml(input.orderId)}</p>
  </div>
  <button type="button" id="close" aria-label="Close">Close</button>
</header>
<main>${form}</main>
</body></html>`;
}
