/* global document */
// A page of forms without the Remix client (docs/decisions/038): after a refused post the page comes
// back with the messages beside their fields; the first field to fix gets the focus, as the
// browser-side check used to do.
const first = document.querySelector('form [aria-invalid="true"]');
if (first) first.focus();
