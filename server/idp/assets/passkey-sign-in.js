// The "Use a passkey" button of the two-step verification page (served as a file: the page's CSP allows
// no inline script). Reads the WebAuthn options the server put on the form, asks the browser for a
// passkey signature and posts it in the form; the server checks it.
/* global document, window */
(function () {
  'use strict';
  var form = document.getElementById('passkey-form');
  var button = document.getElementById('passkey-button');
  var status = document.getElementById('passkey-status');
  var webauthn = window.SimpleWebAuthnBrowser;
  if (!form || !button || !status) return;
  if (!webauthn || !webauthn.browserSupportsWebAuthn()) {
    status.textContent = 'This browser cannot use passkeys. Use another way to verify.';
    return;
  }
  button.disabled = false;

  function show(message) {
    status.textContent = message;
    status.className = 'alert';
    status.setAttribute('role', 'alert');
  }

  button.addEventListener('click', function () {
    var options;
    try {
      options = JSON.parse(form.getAttribute('data-options') || '');
    } catch {
      show('This page is out of date. Reload it and try again.');
      return;
    }
    button.disabled = true;
    status.textContent = 'Follow the prompts of your browser or device…';
    webauthn
      .startAuthentication({ optionsJSON: options })
      .then(function (response) {
        form.elements.namedItem('response').value = JSON.stringify(response);
        form.submit();
      })
      .catch(function (error) {
        button.disabled = false;
        show(
          error && error.name === 'NotAllowedError'
            ? 'The passkey was not used: it was cancelled or took too long. Try again, or use another way.'
            : 'The passkey could not be used. Try again, or use another way.',
        );
      });
  });
})();
