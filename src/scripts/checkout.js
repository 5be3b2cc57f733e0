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
  var NEVER_SENT = ['card_number', 'card_expiry', 'card_cvc'];
  var sequence = 0;
  var pending = null;

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

  /** Stores the entries and refreshes `parts`; the latest change wins. */
  function refresh(parts) {
    var mine = ++sequence;
    var body = new URLSearchParams(new FormData(form));
    NEVER_SENT.forEach(function (name) { body.delete(name); });
    body.set('action', 'save');
    form.setAttribute('aria-busy', 'true');
    pending = fetch(form.getAttribute('action'), { method: 'POST', body: body, credentials: 'same-origin', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      .then(function (response) { return response.text(); })
      .then(function (text) { if (mine === sequence) swap(text, parts); })
      .catch(function () { /* Offline or refused: the form still posts as without script. */ })
      .then(function () { if (mine === sequence) { form.removeAttribute('aria-busy'); pending = null; } });
  }

  form.addEventListener('change', function (event) {
    var name = event.target && event.target.name;
    // A new option changes the totals; a new address may change the options too (and may leave none).
    if (name === 'shipping_option') refresh(['summary', 'invoice', 'order']);
    else if (ADDRESS.indexOf(name) >= 0) refresh(['summary', 'options', 'invoice', 'order']);
  });

  // An order button pressed while the page is being brought up to date waits for it, then orders
  // only if the amount it named is still the one it charges (otherwise the buyer sees the new one).
  // Other buttons post at once: the store takes their entries as they are.
  form.addEventListener('submit', function (event) {
    var button = event.submitter;
    var orders = button && (button.value === 'pay' || button.value === 'order_on_invoice');
    if (!pending || !orders || form.dataset.waited) return;
    event.preventDefault();
    var terms = form.querySelector('[data-live-value="terms"]');
    var before = terms ? terms.value : '';
    pending.then(function () {
      // The order region was redrawn: its button of the same action, if the order can still be placed.
      var again = form.querySelector('button[name="action"][value="' + button.value + '"]');
      if (!again || !terms || terms.value !== before) return;
      form.dataset.waited = '1';
      form.requestSubmit(again);
      delete form.dataset.waited;
    });
  });
})();
