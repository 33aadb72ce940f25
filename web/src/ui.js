// DOM and network helpers shared by the apps: the wallet, the gate, the console and the host
// page. DOM calls only: the CSP allows no inline script or style.

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
 * The one JSON call of every app, to the page's own origin; never throws. Network trouble (or
 * the timeout) is `{ network: true }`; otherwise `{ status, ok, body, code, field }`: the
 * API's error code and the field at fault, never its message (the server's English is never
 * shown). `headers` are added to the JSON ones; `onUnauthorized()` is called on a 401.
 */
export async function fetchJson(path, { method, body, headers: extra = {}, credentials, timeoutMs, onUnauthorized }) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, extra);
  let res;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body !== undefined ? JSON.stringify(body) : undefined,
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
  if (res.status !== 204) {
    try {
      json = await res.json();
    } catch {
      json = null;
    }
  }
  const err = json && json.error && typeof json.error === 'object' ? json.error : {};
  const text = (v) => (typeof v === 'string' && v) || null;
  const out = { status: res.status, ok: res.ok, body: json, code: text(err.code), field: text(err.field) };
  if (res.status === 401 && onUnauthorized) onUnauthorized();
  return out;
}

/**
 * `api(method, path, body)` for the pages signed in by the console's scheme (the console and
 * the host page, docs/console.md): the session's HttpOnly cookie, `X-CSRF-Token` on every
 * state-changing call, and a 401 while signed in (other than the sign-in call's own) ends the
 * session by `signedOut()`. `getSession()` is the session, or null when signed out.
 */
export function sessionApi({ getSession, signedOut, timeoutMs }) {
  return (method, path, body) => {
    const session = getSession();
    const headers = {};
    if (method !== 'GET' && session) headers['x-csrf-token'] = session.csrf_token;
    const onUnauthorized = () => {
      if (getSession() && !path.startsWith('/v1/console/session')) signedOut();
    };
    return fetchJson(path, { method, body, headers, credentials: 'same-origin', timeoutMs, onUnauthorized });
  };
}

/**
 * Copies `text` to the clipboard; where the page may not (no permission, an older browser),
 * selects it in `field` and asks the browser to copy the selection. True when it was copied;
 * false leaves it selected for the person to copy by hand.
 */
export async function copyText(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.focus();
    field.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
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
