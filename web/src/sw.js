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
