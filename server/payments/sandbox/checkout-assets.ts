import { formatPaise } from '../../../contract/money.rules.js';

/**
 * The sandbox's stand-in for Razorpay Checkout: a script that defines window.Razorpay with the
 * same options and callbacks, and the card window it opens in a full-screen frame. The window
 * talks back to the page only through postMessage, as Razorpay's own frame does.
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
 * The card window's style sheet and script are the same for every order, so the page's
 * Content-Security-Policy names them by hash (server/plugins/security-headers.plugin.ts) and
 * nothing else inline can run. The shop's colour arrives as --brand, set by the script.
 */
export const CHECKOUT_PAGE_STYLE = `body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff}
header{background:var(--brand,#3399cc);color:#fff;padding:16px 20px;display:flex;justify-content:space-between;align-items:flex-start;gap:12px}
header h1{font-size:18px;margin:0 0 4px}header p{margin:0;font-size:14px;opacity:.9}
.amount{font-size:22px;font-weight:600;margin-top:8px}
main{padding:20px}label{display:block;font-size:13px;margin-bottom:12px}
input{display:block;width:100%;box-sizing:border-box;margin-top:4px;padding:10px;font-size:16px;border:1px solid #cbd5e1;border-radius:6px}
.row{display:flex;gap:12px}.row label{flex:1}
#pay{width:100%;padding:12px;font-size:16px;border:0;border-radius:6px;background:var(--brand,#3399cc);color:#fff;cursor:pointer}
#pay:disabled{opacity:.6;cursor:wait}
#close{background:transparent;border:1px solid rgba(255,255,255,.7);color:#fff;border-radius:6px;padding:6px 10px;cursor:pointer}
.problem{color:#b91c1c;font-size:14px}.hint{color:#475569;font-size:12px;margin-top:16px}
.badge{display:inline-block;font-size:11px;background:#fef3c7;color:#92400e;border-radius:4px;padding:2px 6px;margin-bottom:8px}
`;

/** Runs in the head, so the shop's colour is set before the first paint; reads the window's settings from the JSON block before it. */
export const CHECKOUT_PAGE_SCRIPT = `(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('sandbox-checkout-config').textContent);
  document.documentElement.style.setProperty('--brand', config.color);
  var target = window.opener || (window.parent !== window ? window.parent : null);
  function post(message) {
    message.source = config.source;
    if (target) target.postMessage(message, config.origin || '*');
  }
  document.addEventListener('DOMContentLoaded', function () {
    document.getElementById('close').addEventListener('click', function () { post({ type: 'dismiss' }); });
    var form = document.getElementById('card-form');
    if (!form) return;
    var button = document.getElementById('pay');
    var message = document.getElementById('message');
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var data = new FormData(form);
      button.disabled = true;
      message.hidden = true;
      fetch('/sandbox/checkout/pay', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key_id: config.keyId, order_id: config.orderId, card_number: String(data.get('card_number') || ''),
          expiry: String(data.get('expiry') || ''), cvv: String(data.get('cvv') || ''), email: config.email, contact: config.contact
        })
      }).then(function (res) { return res.json().then(function (body) { return { ok: res.ok, body: body }; }); })
        .then(function (result) {
          if (result.ok) { post({ type: 'success', response: result.body }); return; }
          var error = result.body && result.body.error ? result.body.error : { description: 'The payment could not be completed.' };
          if (error.reason === 'payment_declined') { post({ type: 'failed', error: error }); return; }
          message.textContent = error.description;
          message.hidden = false;
          button.disabled = false;
        })
        .catch(function () {
          message.textContent = 'The payment could not be sent. Check the connection and try again.';
          message.hidden = false;
          button.disabled = false;
        });
    });
  });
})();
`;

/** The card window; its settings travel in a JSON block, which no browser runs. */
export function checkoutPage(input: CheckoutPageInput): string {
  const color = /^#[0-9a-fA-F]{3,8}$/.test(input.color) ? input.color : '#3399cc';
  const config = JSON.stringify({
    keyId: input.keyId,
    orderId: input.orderId,
    email: input.email,
    contact: input.contact,
    origin: input.origin,
    color,
    source: CHECKOUT_MESSAGE_SOURCE,
  }).replace(/</g, '\\u003c');
  const form = input.problem
    ? `<p role="alert" class="problem">${escapeHtml(input.problem)}</p>`
    : `<form id="card-form" novalidate>
      <label>Card number<input name="card_number" inputmode="numeric" autocomplete="cc-number" placeholder="4111 1111 1111 1111" required></label>
      <div class="row">
        <label>Expiry<input name="expiry" placeholder="MM/YY" autocomplete="cc-exp" required></label>
        <label>CVV<input name="cvv" inputmode="numeric" placeholder="123" autocomplete="cc-csc" required></label>
      </div>
      <label>Name on card<input name="card_name" autocomplete="cc-name"></label>
      <p id="message" role="alert" class="problem" hidden></p>
      <button type="submit" id="pay">Pay ${input.amount === null ? '' : formatPaise(input.amount)}</button>
    </form>
    <p class="hint">Sandbox test cards: 4111 1111 1111 1111 succeeds; 4000 0000 0000 0002 is declined. Any future expiry and any 3-digit CVV.</p>`;
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
    <p class="amount" data-testid="amount">${input.amount === null ? '' : formatPaise(input.amount)}</p>
    <p>Order ${escapeHtml(input.orderId)}</p>
  </div>
  <button type="button" id="close" aria-label="Close">Close</button>
</header>
<main>${form}</main>
</body></html>`;
}
