// DOM and network helpers shared by the wallet (app.js) and the gate (gate/app.js). DOM calls
// only: the CSP allows no inline script or style.

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
