/*
 * The checkout page's form (src/http/html/checkout-page.ts) when script runs: a change of the
 * delivery address or of the shipping option stores the entries as "Continue" does (the same
 * POST, `action=save`) and puts the page that comes back in place of the parts marked
 * `data-live` (summary, options, order buttons) and of the terms the order button names
 * (`data-live-value`), so the button always names the amount it charges, with no reload and no
 * entry lost. The card's fields are never sent by this script. Without script, "Continue" and
 * the store's 409 page do the same with reloads.
 */
(function () {
  'use strict';
  var form = document.querySelector('form.checkout-form');
  if (!form || !window.fetch || !window.DOMParser) return;
  var ADDRESS = ['email', 'first_name', 'last_name', 'street_address', 'extended_address', 'postal_code', 'address_locality', 'address_country', 'phone_number'];
  // The card is never sent; a code half typed is applied by its own button, not by a save.
  var NEVER_SENT = ['card_number', 'card_expiry', 'card_cvc', 'discount_code'];
  // One save at a time, in the order of the changes: a slower earlier save never lands after a
  // later one (the store keeps the last it receives). Changes made meanwhile are sent as one.
  var inFlight = null;
  var queued = null;

  /** Replaces the `data-live` parts named in `parts` (and the terms) by those of the page `text`. */
  function swap(text, parts) {
    var next = new DOMParser().parseFromString(text, 'text/html');
    parts.forEach(function (name) {
      var here = form.ownerDocument.querySelector('[data-live="' + name + '"]');
      var there = next.querySelector('[data-live="' + name + '"]');
      if (here && there) here.innerHTML = there.innerHTML;
    });
    var terms = form.querySelector('[data-live-value="terms"]');
    var nextTerms = next.querySelector('[data-live-value="terms"]');
    if (terms && nextTerms) terms.value = nextTerms.value;
  }

  /** Posts the entries as they are now, then refreshes `parts` (and whatever was asked meanwhile). */
  function send(parts) {
    var body = new URLSearchParams(new FormData(form));
    NEVER_SENT.forEach(function (name) { body.delete(name); });
    body.set('action', 'save');
    form.setAttribute('aria-busy', 'true');
    inFlight = fetch(form.getAttribute('action'), { method: 'POST', body: body, credentials: 'same-origin', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      .then(function (response) { return response.text(); })
      .then(function (text) { if (!queued) swap(text, parts); })
      .catch(function () { /* Offline or refused: the form still posts as without script. */ })
      .then(function () {
        var more = queued;
        queued = null;
        if (more) return send(more);
        inFlight = null;
        form.removeAttribute('aria-busy');
      });
    return inFlight;
  }

  /** Stores the entries and refreshes `parts`: at once, or after the save under way. */
  function refresh(parts) {
    if (!inFlight) { send(parts); return; }
    queued = (queued || []).concat(parts.filter(function (p) { return !queued || queued.indexOf(p) < 0; }));
  }

  /** Resolves once no save is under way or waiting. */
  function settled() {
    return inFlight ? inFlight.then(settled) : Promise.resolve();
  }

  form.addEventListener('change', function (event) {
    var name = event.target && event.target.name;
    // A new option changes the totals; a new address may change the options too (and may leave none).
    if (name === 'shipping_option') refresh(['summary', 'invoice', 'order']);
    else if (ADDRESS.indexOf(name) >= 0) refresh(['summary', 'options', 'invoice', 'order']);
  });

  // A button pressed while the entries are being stored waits for them, so the store reads the
  // form after its saves, never before. An order button then orders only if the amount it named
  // is still the one it charges (otherwise the buyer sees the new one and presses again).
  form.addEventListener('submit', function (event) {
    if (!inFlight || form.dataset.waited) return;
    event.preventDefault();
    var button = event.submitter;
    var orders = button && (button.value === 'pay' || button.value === 'order_on_invoice');
    var terms = form.querySelector('[data-live-value="terms"]');
    var before = terms ? terms.value : '';
    settled().then(function () {
      // The order region may have been redrawn: its button of the same action, if the order can still be placed.
      var again = button && button.name ? form.querySelector('button[name="' + button.name + '"][value="' + button.value + '"]') : null;
      if (orders && (!again || !terms || terms.value !== before)) return;
      form.dataset.waited = '1';
      if (again) form.requestSubmit(again); else form.requestSubmit();
      delete form.dataset.waited;
    });
  });
})();
