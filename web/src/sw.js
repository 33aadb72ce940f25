// The service worker of the wallet and the gate: precaches both shells at install so each
// opens offline after the first visit (their data is in IndexedDB). The build prepends CACHE (named
// from the content hashes, so a new release gets a new cache) and PRECACHE (every file).
/* global CACHE, PRECACHE */

// Navigations that are the wallet or the gate; anything else (e.g. /healthz) goes to the
// network.
const SHELL_PATHS = new Set(['/', '/wallet', '/claim', '/index.html']);
const GATE_PATHS = new Set(['/gate', '/gate.html']);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const path of PRECACHE) {
        const res = await fetch(new Request(path, { cache: 'reload', credentials: 'omit' }));
        if (!res.ok) throw new Error(`precache ${path}: ${res.status}`);
        // A redirected response cannot answer a navigation; keep a plain copy.
        const body = res.redirected ? new Response(await res.blob(), { status: res.status, headers: res.headers }) : res;
        await cache.put(path, body);
      }
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith('tessera-wallet-') && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith('/v1/')) return;
  if (req.mode === 'navigate') {
    if (GATE_PATHS.has(url.pathname)) event.respondWith(fromCache('/gate.html', req));
    else if (SHELL_PATHS.has(url.pathname)) event.respondWith(fromCache('/index.html', req));
    return;
  }
  if (PRECACHE.includes(url.pathname)) event.respondWith(fromCache(url.pathname, req));
});

// Cache first: the files are content-hashed, and index.html changes only with a new sw.js.
async function fromCache(path, req) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(path);
  return hit || fetch(req);
}

// ---------------------------------------------------------------- Web Push (the host page)

// A walk-in waiting for the host (issue 31): the server pushes it encrypted to this browser
// (the browser decrypts it before this sees it). The notification names who and where, and
// its Approve and Deny actions answer without opening the page: each posts its signed,
// single-use link (the same as the mail's) to this origin.
self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data ? event.data.json() : null;
  } catch {
    data = null;
  }
  if (!data || data.type !== 'walk_in') return;
  // The server writes the words in the host's language (issue 34); English from an older
  // server that sends none.
  const w = (id, english) => (data.words && typeof data.words[id] === 'string' ? data.words[id] : english);
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : `${data.visitor} is waiting`, {
      body: typeof data.body === 'string' ? data.body : `At ${data.gate}${data.note ? ` (${data.note})` : ''}. Approve to let them in.`,
      lang: typeof data.lang === 'string' ? data.lang : undefined,
      dir: data.dir === 'rtl' ? 'rtl' : 'auto',
      tag: `walk-in-${data.walk_in_id}`,
      renotify: true,
      requireInteraction: true,
      data,
      actions: [
        { action: 'approve', title: w('push-approve', 'Approve') },
        { action: 'deny', title: w('push-deny', 'Deny') },
      ],
    }),
  );
});

// An answer replaces the notification by its tag with what happened; closing it first would
// race the replacement (a close lands by tag, and could take the new one with it).
self.addEventListener('notificationclick', (event) => {
  if (event.action !== 'approve' && event.action !== 'deny') event.notification.close();
  event.waitUntil(act(event.notification.data, event.action));
});

// A page of this origin may perform a shown notification's action too (the host page's
// list of notifications, and the browser tests, which cannot click an OS notification).
self.addEventListener('message', (event) => {
  const m = event.data;
  if (!m || m.type !== 'notification-action' || typeof m.tag !== 'string') return;
  event.waitUntil(
    (async () => {
      for (const n of await self.registration.getNotifications({ tag: m.tag })) {
        if (m.action !== 'approve' && m.action !== 'deny') n.close();
        await act(n.data, m.action);
      }
    })(),
  );
});

/** Performs a walk-in notification's action: approve or deny by its link, else open /host. */
async function act(data, action) {
  if (!data || data.type !== 'walk_in') return;
  if (action === 'approve' || action === 'deny') {
    let link;
    try {
      link = new URL(data[action]);
    } catch {
      return;
    }
    if (link.origin !== self.location.origin) return;
    let status = 0;
    try {
      const res = await fetch(link.pathname, { method: 'POST', body: link.searchParams, credentials: 'omit', cache: 'no-store' });
      status = res.status;
    } catch {
      status = 0;
    }
    const w = (id, english) => (data.words && typeof data.words[id] === 'string' ? data.words[id] : english);
    const done = action === 'approve' ? w('push-approved', `${data.visitor} is let in`) : w('push-denied', `${data.visitor} is turned away`);
    const title = status === 200 ? done : status === 409 ? w('push-already-answered', `${data.visitor}: already answered`) : w('push-answer-failed', `Could not answer for ${data.visitor}`);
    await self.registration.showNotification(title, {
      lang: typeof data.lang === 'string' ? data.lang : undefined,
      dir: data.dir === 'rtl' ? 'rtl' : 'auto',
      tag: `walk-in-${data.walk_in_id}`,
      body: status === 200 ? w('push-answered-body', `At ${data.gate}.`) : w('push-answer-failed-body', 'Open the host page to see what happened.'),
      data: { type: 'walk_in_answered', walk_in_id: data.walk_in_id, action, status },
    });
    return;
  }
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((c) => new URL(c.url).pathname === '/host');
  if (open) await open.focus();
  else await self.clients.openWindow('/host');
}
