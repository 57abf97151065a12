import { BAD_VPA_MESSAGE, VPA_PATTERN } from './sandbox-methods.js';

/**
 * The script of the sandbox's payment window (checkout-assets.ts renders the page). It is the
 * same for every order, so the page's Content-Security-Policy names it by hash
 * (server/plugins/security-headers.plugin.ts) and nothing else inline can run.
 */

/** How often the window asks whether a waiting payment has ended. */
export const WAITING_POLL_MS = 1_000;

/** Runs in the head, so the shop's colour is set before the first paint; reads the window's settings from the JSON block before it. */
export const CHECKOUT_PAGE_SCRIPT = `(function () {
  'use strict';
  var config = JSON.parse(document.getElementById('sandbox-checkout-config').textContent);
  document.documentElement.style.setProperty('--brand', config.color);
  var target = window.opener || (window.parent !== window ? window.parent : null);
  var VPA = /${VPA_PATTERN.source}/;
  var BAD_VPA = ${JSON.stringify(BAD_VPA_MESSAGE)};
  var POLL_MS = ${WAITING_POLL_MS};
  function post(message) {
    message.source = config.source;
    if (target) target.postMessage(message, config.origin || '*');
  }
  function $(id) { return document.getElementById(id); }
  function send(method, url, body) {
    return fetch(url, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined
    }).then(function (res) { return res.json().then(function (data) { return { ok: res.ok, body: data }; }); });
  }
  function show(view) {
    ['methods', 'waiting', 'bank-page'].forEach(function (id) { var el = $(id); if (el) el.hidden = id !== view; });
    var heading = $(view) && $(view).querySelector('h2');
    if (heading) heading.focus();
  }
  function say(el, text) {
    el.textContent = text;
    el.hidden = !text;
  }
  function errorOf(result) {
    return result.body && result.body.error ? result.body.error : { description: 'The payment could not be completed.' };
  }
  /** A waiting payment's answer: the page hears the end exactly as after a card payment. */
  function finish(answer) {
    if (answer.status === 'captured') { post({ type: 'success', response: answer.response }); return true; }
    if (answer.status === 'failed') { post({ type: 'failed', error: answer.error }); return true; }
    return false;
  }
  var timers = [];
  function stopTimers() { timers.forEach(function (t) { clearInterval(t); clearTimeout(t); }); timers = []; }
  function wait(answer, kind) {
    stopTimers();
    var deadline = Date.now() + (answer.expires_in_ms || 0);
    var clock = $('countdown');
    $('waiting-title').textContent = kind === 'intent' ? 'Scan the QR code with any UPI app' : 'Approve the payment in your UPI app';
    $('waiting-text').textContent = kind === 'intent'
      ? 'Open a UPI app on your phone, scan this code and approve the payment.'
      : 'We sent a request to ' + answer.vpa + '. Open your UPI app and approve it before the time runs out.';
    var qr = $('qr');
    qr.innerHTML = answer.qr_svg || '';
    qr.hidden = !answer.qr_svg;
    var simulate = $('simulate-hint');
    simulate.hidden = kind !== 'intent';
    simulate.textContent = kind === 'intent' ? 'Sandbox: no phone scans here. Approve or decline payment ' + answer.payment_id + ' with POST /sandbox/upi/simulate.' : '';
    var link = $('upi-link');
    link.hidden = !answer.upi_link;
    if (answer.upi_link) link.setAttribute('href', answer.upi_link);
    function tick() {
      var left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      var m = Math.floor(left / 60);
      var s = left % 60;
      clock.textContent = m + ':' + (s < 10 ? '0' : '') + s;
      clock.setAttribute('aria-label', 'Time left: ' + m + ' minutes ' + s + ' seconds');
    }
    tick();
    timers.push(setInterval(tick, 250));
    show('waiting');
    function poll() {
      send('GET', '/sandbox/checkout/payments/' + encodeURIComponent(answer.payment_id) + '?key_id=' + encodeURIComponent(config.keyId) + '&order_id=' + encodeURIComponent(config.orderId))
        .then(function (result) {
          if (result.ok && finish(result.body)) { stopTimers(); return; }
          timers.push(setTimeout(poll, POLL_MS));
        })
        .catch(function () { timers.push(setTimeout(poll, POLL_MS)); });
    }
    timers.push(setTimeout(poll, POLL_MS));
  }
  function start(body, button, message, onStarted) {
    button.disabled = true;
    say(message, '');
    body.key_id = config.keyId;
    body.order_id = config.orderId;
    body.name = config.name;
    body.email = config.email;
    body.contact = config.contact;
    send('POST', '/sandbox/checkout/start', body)
      .then(function (result) {
        button.disabled = false;
        if (!result.ok) { say(message, errorOf(result).description); return; }
        onStarted(result.body);
      })
      .catch(function () {
        button.disabled = false;
        say(message, 'The payment could not be sent. Check the connection and try again.');
      });
  }
  document.addEventListener('DOMContentLoaded', function () {
    $('close').addEventListener('click', function () { stopTimers(); post({ type: 'dismiss' }); });
    var form = $('card-form');
    if (!form) return;

    var upiForm = $('upi-form');
    var vpaInput = $('vpa');
    var upiMessage = $('upi-message');
    upiForm.addEventListener('submit', function (event) {
      event.preventDefault();
      var vpa = vpaInput.value.trim();
      if (!VPA.test(vpa)) {
        vpaInput.setAttribute('aria-invalid', 'true');
        say(upiMessage, BAD_VPA);
        vpaInput.focus();
        return;
      }
      vpaInput.removeAttribute('aria-invalid');
      start({ method: 'upi', upi_flow: 'collect', vpa: vpa }, $('upi-pay'), upiMessage, function (answer) {
        answer.vpa = vpa;
        wait(answer, 'collect');
      });
    });
    $('upi-qr').addEventListener('click', function () {
      start({ method: 'upi', upi_flow: 'intent' }, $('upi-qr'), upiMessage, function (answer) { wait(answer, 'intent'); });
    });

    function pagePayment(kind) {
      var select = $(kind);
      var message = $(kind + '-message');
      $(kind + '-form').addEventListener('submit', function (event) {
        event.preventDefault();
        if (!select.value) { say(message, kind === 'bank' ? 'Choose your bank.' : 'Choose a wallet.'); select.focus(); return; }
        var name = select.options[select.selectedIndex].text;
        var body = kind === 'bank' ? { method: 'netbanking', bank: select.value } : { method: 'wallet', wallet: select.value };
        start(body, $(kind + '-pay'), message, function (answer) {
          $('bank-title').textContent = name + (kind === 'bank' ? ' · Sandbox bank page' : ' · Sandbox wallet page');
          $('bank-text').textContent = (kind === 'bank' ? 'Log in to your bank and pay ' : 'Pay from your wallet ') + config.amountText + ' to ' + config.name + '.';
          bankPayment = answer;
          show('bank-page');
        });
      });
    }
    var bankPayment = null;
    pagePayment('bank');
    pagePayment('wallet');
    function answerPage(outcome) {
      if (!bankPayment) return;
      var buttons = [$('bank-success'), $('bank-failure')];
      buttons.forEach(function (b) { b.disabled = true; });
      send('POST', '/sandbox/checkout/payments/' + encodeURIComponent(bankPayment.payment_id) + '/answer', { key_id: config.keyId, order_id: config.orderId, outcome: outcome })
        .then(function (result) {
          if (result.ok && finish(result.body)) return;
          buttons.forEach(function (b) { b.disabled = false; });
          say($('bank-page-message'), errorOf(result).description);
        })
        .catch(function () {
          buttons.forEach(function (b) { b.disabled = false; });
          say($('bank-page-message'), 'The answer could not be sent. Check the connection and try again.');
        });
    }
    $('bank-success').addEventListener('click', function () { answerPage('success'); });
    $('bank-failure').addEventListener('click', function () { answerPage('failure'); });

    var button = $('pay');
    var message = $('message');
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
