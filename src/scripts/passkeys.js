/*
 * Passkeys on the account pages (src/http/account-route.ts), over SimpleWebAuthn's browser
 * library (prepended to this file by scripts/vendor-scripts.ts as `SimpleWebAuthnBrowser`).
 * Without script or without WebAuthn the buttons stay hidden and the e-mailed code is the way in.
 * A form marked `data-passkey="register"` or `"sign-in"` asks the store for options (the same
 * form's action, `action=<step>_options`), runs the browser's ceremony, puts its answer in the
 * form's `credential` field and submits the form: the store checks it and answers with a page.
 */
(function () {
  'use strict';
  var lib = window.SimpleWebAuthnBrowser;
  if (!lib || !lib.browserSupportsWebAuthn()) return;
  var forms = document.querySelectorAll('form[data-passkey]');
  Array.prototype.forEach.call(forms, function (form) {
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      if (form.dataset.passkeyDone) return;
      event.preventDefault();
      var register = form.dataset.passkey === 'register';
      var body = new URLSearchParams({ action: register ? 'passkey_options' : 'passkey_sign_in_options' });
      var status = form.querySelector('[data-passkey-status]');
      // The form's `action` property is its hidden field named action: the URL is the attribute.
      fetch(form.getAttribute('action'), { method: 'POST', body: body, credentials: 'same-origin', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
        .then(function (response) {
          if (!response.ok) throw new Error('options ' + response.status);
          return response.json();
        })
        .then(function (options) {
          return register ? lib.startRegistration({ optionsJSON: options }) : lib.startAuthentication({ optionsJSON: options });
        })
        .then(function (credential) {
          form.querySelector('input[name=credential]').value = JSON.stringify(credential);
          form.dataset.passkeyDone = '1';
          HTMLFormElement.prototype.submit.call(form);
        })
        .catch(function () {
          if (status) status.hidden = false;
        });
    });
  });
})();
