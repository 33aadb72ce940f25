// DOM and network helpers shared by the wallet (wallet/app.js) and the gate (gate/app.js). DOM calls
// only: the CSP allows no inline script or style.

import { t } from './i18n.js';

/** `h('p', { class, text, onclick, attr: value }, ...children)`: one element, built by DOM calls. */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') el.className = v;
    else if (k === 'text') el.textContent = v;
    else if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Puts a new screen into `main` and moves focus to its heading (so screen readers start there). */
export function showScreen(main, ...nodes) {
  main.replaceChildren(...nodes);
  const heading = main.querySelector('h1');
  if (heading) {
    heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }
}

/**
 * A JSON call to the page's own origin; never throws. Network trouble (or the timeout) is
 * `{ network: true }`; otherwise `{ status, ok, body, code }`, `code` the API's error code.
 */
export async function fetchJson(path, { method, body, credentials, timeoutMs }) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
      credentials,
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch {
    return { network: true };
  }
  let json = null;
  try {
    json = await res.json();
  } catch {
    json = null;
  }
  const code = json && json.error && typeof json.error.code === 'string' ? json.error.code : null;
  return { status: res.status, ok: res.ok, body: json, code };
}

// Sign-in through the organisation's identity provider (docs/sign-in.md): the work email's
// domain finds the organisation, and the browser goes to `/v1/sso/start`, which sends it on
// to the provider; it comes back signed in, to `page` (`console` or `host`).
export function ssoForm(page) {
  const input = h('input', {
    id: 'sso-email', type: 'email', autocomplete: 'email', autocapitalize: 'none', spellcheck: 'false', required: true, 'aria-describedby': 'sso-email-help',
  });
  const slot = h('div', { class: 'error-slot' });
  const form = h(
    'form',
    { class: 'sso-form', novalidate: true },
    h('div', { class: 'field' }, h('label', { for: 'sso-email', text: t('common-sso-email') }), input, h('p', { id: 'sso-email-help', class: 'muted', text: t('common-sso-email-help') })),
    slot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', id: 'sso-continue', text: t('common-sso-continue') })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const email = input.value.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
      slot.replaceChildren(h('p', { class: 'alert shown', role: 'alert', text: t('common-sso-email-invalid') }));
      input.focus();
      return;
    }
    window.location.assign(`/v1/sso/start?page=${encodeURIComponent(page)}&email=${encodeURIComponent(email)}`);
  });
  return h('section', { class: 'sso', 'aria-labelledby': 'sso-title' }, h('h2', { id: 'sso-title', text: t('common-sso-title') }), form);
}

// Where a sign-out sends the browser: the identity provider's own sign-out, when the
// session was made through it and the provider offers one; otherwise nowhere.
export function providerSignOut(res) {
  const url = res && res.status === 200 && res.body && res.body.end_session_url;
  if (typeof url === 'string' && /^https?:\/\//.test(url)) {
    window.location.assign(url);
    return true;
  }
  return false;
}
