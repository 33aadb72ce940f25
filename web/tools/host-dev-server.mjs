// A stand-in for the issue 16 half of tessera-server (hosts, walk-ins, transfers), for work
// on the host page, the web gate's walk-in form and the wallet's transfer before the Rust
// side had them: serves dist/ with the server's headers and answers, in memory, the calls
// those screens make (docs/protocol.md "Hosts, walk-ins, re-binding and transfer"). It checks
// no proof and keeps nothing; not for production and not what the e2e tests run against.
//
//   node tools/host-dev-server.mjs [--port 8099] [--timeout-s 300]
//
// Then: /host (any key signs in as the host "R. Iyer, Flat 12B"), /gate (paired already),
// /claim#p=…&t=… links from the invitation form. `POST /dev/walk-in` with
// `{"visitor_name","note"}` plays a gate asking the host; `POST /dev/pass` with
// `{"label","max_transfers"}` issues a pass without a session.
import { createServer } from 'node:http';
import { randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { WebSocketServer } from 'ws';
import { json, serveFile } from './static.mjs';
import { base32Encode } from '../src/tsr1.js';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const port = Number(arg('--port', 8099));
const timeoutS = Number(arg('--timeout-s', 300));
const base = `http://127.0.0.1:${port}`;

const HOSTS = [
  { host_id: randomUUID(), label: 'R. Iyer, Flat 12B', unit: '12B' },
  { host_id: randomUUID(), label: 'M. Okonkwo, Flat 3A', unit: '3A' },
  { host_id: randomUUID(), label: 'J. Lindqvist, Flat 12C', unit: '12C' },
];
const ME = HOSTS[0];
const GATE = { gate_id: randomUUID(), label: 'North gate', site: 'tower' };
const sessions = new Map(); // cookie -> csrf
const passes = []; // newest first
const walkIns = new Map(); // walk_in_id -> WalkIn
const byRequest = new Map(); // request_id -> walk_in_id
const streams = new Set();
const sockets = new Set();
const serverKey = await webcrypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits']);
const serverPublic = Buffer.from(await webcrypto.subtle.exportKey('raw', serverKey.publicKey)).toString('base64url');

const iso = (ms = Date.now()) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
const readBody = async (req) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  try {
    return body ? JSON.parse(body) : {};
  } catch {
    return null;
  }
};
const cookie = (req, name) => (new RegExp(`(?:^|;\\s*)${name}=([A-Za-z0-9_-]+)`).exec(req.headers.cookie || '') || [])[1] || null;
const err = (res, status, code, message = code) => json(res, status, { error: { code, message } });
const hostOf = (id) => HOSTS.find((x) => x.host_id === id);
const hostView = (id) => {
  const x = hostOf(id);
  return x ? { id: x.host_id, label: x.label, unit: x.unit } : null;
};

function waitingSet() {
  return [...walkIns.values()].filter((w) => w.state === 'waiting').sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
}

function changed(w) {
  const data = JSON.stringify({ walk_ins: waitingSet() });
  for (const s of streams) s.write(`event: walk_ins\ndata: ${data}\n\n`);
  for (const ws of sockets) if (ws.asked.has(w.request_id)) ws.send(JSON.stringify(gateFrame(w, false)));
}

const gateFrame = (w, replayed) => ({
  type: 'walk_in', request_id: w.request_id, walk_in_id: w.walk_in_id, state: w.state, reason: w.reason, visitor_name: w.visitor_name, note: w.note,
  host: w.host, expires_at: w.expires_at, decided_at: w.decided_at, replayed,
});

function newWalkIn({ request_id, visitor_name, host_id, note }) {
  const w = {
    walk_in_id: randomUUID(), request_id, gate_id: GATE.gate_id, gate_label: GATE.label, visitor_name, note: note ?? null, host: hostView(host_id),
    state: 'waiting', reason: null, created_at: iso(), expires_at: iso(Date.now() + timeoutS * 1000), decided_at: null,
  };
  walkIns.set(w.walk_in_id, w);
  byRequest.set(request_id, w.walk_in_id);
  return w;
}

setInterval(() => {
  for (const w of walkIns.values()) {
    if (w.state === 'waiting' && Date.parse(w.expires_at) <= Date.now()) {
      Object.assign(w, { state: 'expired', reason: 'approval_timeout', decided_at: iso() });
      changed(w);
    }
  }
}, 500);

function passView(p) {
  const now = Date.now();
  const state = p.state === 'issued' || p.state === 'claimed' ? (Date.parse(p.valid_until) <= now ? 'expired' : p.state) : p.state;
  return { ...p, state, claim_token: undefined };
}

async function api(req, res, url) {
  const method = req.method;
  const p = url.pathname;
  // --- session (the console's scheme)
  if (p === '/v1/console/session') {
    if (method === 'POST') {
      const body = await readBody(req);
      if (!body || !body.api_key) return err(res, 401, 'unauthorized');
      if (body.api_key === 'wrong') return err(res, 401, 'unauthorized');
      const c = randomBytes(24).toString('base64url');
      const csrf = randomBytes(16).toString('base64url');
      sessions.set(c, csrf);
      return json(res, 201, { role: 'host', org_id: randomUUID(), csrf_token: csrf, expires_at: iso(Date.now() + 8 * 3600_000), label: ME.label, unit: ME.unit }, { 'set-cookie': `tessera_console=${c}; HttpOnly; SameSite=Strict; Path=/` });
    }
    const c = cookie(req, 'tessera_console');
    if (!c || !sessions.has(c)) return err(res, 401, 'unauthorized');
    if (method === 'DELETE') {
      sessions.delete(c);
      res.writeHead(204, { 'set-cookie': 'tessera_console=; Max-Age=0; Path=/' });
      return res.end();
    }
    return json(res, 200, { role: 'host', org_id: 'x', csrf_token: sessions.get(c), expires_at: iso(Date.now() + 8 * 3600_000), label: ME.label, unit: ME.unit });
  }
  // --- claims and transfers (the wallet; no key is checked)
  if (p === '/v1/claims/preview' || p === '/v1/claims') {
    const body = await readBody(req);
    const pass = passes.find((x) => x.pass_id === body.pass_id && (x.claim_token === body.claim_token || x.transfer_token === body.claim_token));
    if (!pass) return err(res, 404, 'invalid_claim');
    const transfer = pass.transfer_token === body.claim_token;
    if (p === '/v1/claims/preview') return json(res, 200, { pass_id: pass.pass_id, label: pass.label, site: null, valid_from: pass.valid_from, valid_until: pass.valid_until, state: transfer ? 'issued' : pass.state, ...(transfer ? { transfer: true } : {}) });
    if (transfer) {
      pass.transfers += 1;
      pass.transfer_token = null;
    }
    pass.state = 'claimed';
    pass.claimed_at = iso();
    return json(res, 200, { pass_id: pass.pass_id, label: pass.label, site: null, server_kid: 'k1', server_public_key: serverPublic, algorithm: 'SHA256', period_s: 15, digits: 8, valid_from: pass.valid_from, valid_until: pass.valid_until });
  }
  if (p === '/v1/transfers/nonce' && method === 'POST') {
    const body = await readBody(req);
    const pass = passes.find((x) => x.pass_id === body.pass_id);
    if (!pass) return err(res, 404, 'unknown_pass');
    if (pass.transfers >= pass.max_transfers) return err(res, 409, 'transfer_not_allowed', 'this pass allows no (more) transfers');
    const nonce = base32Encode(randomBytes(32));
    return json(res, 201, { nonce, expires_at: iso(Date.now() + 120_000) });
  }
  if (p === '/v1/transfers' && method === 'POST') {
    const body = await readBody(req);
    const pass = passes.find((x) => x.pass_id === body.pass_id);
    if (!pass) return err(res, 404, 'unknown_pass');
    if (!/^TSR1T:[A-Z2-7]{26}:[A-Z2-7]{26}$/.test(body.proof || '')) return err(res, 403, 'bad_proof');
    pass.transfer_token = pass.transfer_token || randomBytes(24).toString('base64url');
    return json(res, 201, { pass_id: pass.pass_id, transfer_id: randomUUID(), claim_token: pass.transfer_token, claim_url: `${base}/claim#p=${pass.pass_id}&t=${pass.transfer_token}`, expires_at: pass.valid_until });
  }
  // --- the gate (any tessera_gate cookie, or none: this dev server pairs everyone)
  if (p === '/v1/gate/me') return json(res, 200, GATE);
  if (p === '/v1/gate/hosts') {
    const q = (url.searchParams.get('q') || '').toLowerCase();
    return json(res, 200, { hosts: HOSTS.filter((x) => !q || x.label.toLowerCase().includes(q) || x.unit.toLowerCase().includes(q)).slice(0, 20) });
  }
  // --- everything else needs the host session and, to change anything, the CSRF token
  const c = cookie(req, 'tessera_console');
  if (!c || !sessions.has(c)) return err(res, 401, 'unauthorized');
  if (method !== 'GET' && req.headers['x-csrf-token'] !== sessions.get(c)) return err(res, 403, 'forbidden');
  if (p === '/v1/passes' && method === 'POST') {
    const body = await readBody(req);
    if (!body || !body.label || !body.valid_until) return err(res, 400, 'bad_request', 'label and valid_until are required');
    const pass = {
      pass_id: randomUUID(), label: body.label, state: 'issued', site: null, valid_from: body.valid_from || iso(), valid_until: body.valid_until, max_uses: body.max_uses || 1, uses: 0,
      server_kid: 'k1', created_at: iso(), claimed_at: null, host_id: ME.host_id, max_transfers: body.max_transfers || 0, transfers: 0, claim_token: randomBytes(24).toString('base64url'), transfer_token: null,
    };
    passes.unshift(pass);
    return json(res, 201, { pass_id: pass.pass_id, claim_token: pass.claim_token, claim_url: `${base}/claim#p=${pass.pass_id}&t=${pass.claim_token}`, state: 'issued', host_id: ME.host_id });
  }
  if (p === '/v1/passes' && method === 'GET') return json(res, 200, { passes: passes.map(passView), next_cursor: null });
  let m = /^\/v1\/passes\/([0-9a-f-]{36})\/revoke$/.exec(p);
  if (m && method === 'POST') {
    const pass = passes.find((x) => x.pass_id === m[1]);
    if (!pass) return err(res, 404, 'not_found');
    pass.state = 'revoked';
    return json(res, 200, { pass_id: pass.pass_id, state: 'revoked' });
  }
  if (p === '/v1/walk-ins' && method === 'GET') {
    const state = url.searchParams.get('state');
    return json(res, 200, { walk_ins: [...walkIns.values()].filter((w) => !state || w.state === state).reverse() });
  }
  if (p === '/v1/walk-ins/stream') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(`retry: 1000\n\nevent: walk_ins\ndata: ${JSON.stringify({ walk_ins: waitingSet() })}\n\n`);
    streams.add(res);
    const ping = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    req.on('close', () => {
      clearInterval(ping);
      streams.delete(res);
    });
    return;
  }
  m = /^\/v1\/walk-ins\/([0-9a-f-]{36})\/(approve|deny)$/.exec(p);
  if (m && method === 'POST') {
    const w = walkIns.get(m[1]);
    if (!w) return err(res, 404, 'not_found');
    const want = m[2] === 'approve' ? 'approved' : 'denied';
    if (w.state === want) return json(res, 200, w);
    if (w.state === 'expired') return err(res, 409, 'approval_timeout');
    if (w.state !== 'waiting') return err(res, 409, 'already_decided');
    Object.assign(w, { state: want, reason: want === 'denied' ? 'host_denied' : null, decided_at: iso() });
    changed(w);
    return json(res, 200, w);
  }
  return err(res, 404, 'not_found');
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, base);
  if (url.pathname === '/dev/walk-in' && req.method === 'POST') {
    const body = (await readBody(req)) || {};
    const w = newWalkIn({ request_id: randomUUID(), visitor_name: body.visitor_name || 'Sam Okafor', host_id: ME.host_id, note: body.note ?? null });
    changed(w);
    return json(res, 201, w);
  }
  if (url.pathname === '/dev/pass' && req.method === 'POST') {
    const body = (await readBody(req)) || {};
    const pass = {
      pass_id: randomUUID(), label: body.label || 'Ada Lovelace', state: 'issued', site: null, valid_from: iso(), valid_until: iso(Date.now() + 86_400_000), max_uses: 1, uses: 0,
      server_kid: 'k1', created_at: iso(), claimed_at: null, host_id: null, max_transfers: body.max_transfers || 0, transfers: 0, claim_token: randomBytes(24).toString('base64url'), transfer_token: null,
    };
    passes.unshift(pass);
    return json(res, 201, { pass_id: pass.pass_id, claim_token: pass.claim_token, claim_url: `${base}/claim#p=${pass.pass_id}&t=${pass.claim_token}`, state: 'issued' });
  }
  if (url.pathname.startsWith('/v1/')) return api(req, res, url);
  const page = { '/': 'index.html', '/claim': 'index.html', '/wallet': 'index.html', '/gate': 'gate.html', '/console': 'console.html', '/host': 'host.html' }[url.pathname];
  return serveFile(res, page || url.pathname.slice(1));
});

const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
  if (new URL(req.url, base).pathname !== '/v1/gate/ws') return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    ws.asked = new Set();
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
    ws.send(JSON.stringify({ type: 'welcome', gate_id: GATE.gate_id, site: GATE.site, server_time: iso() }));
    ws.on('message', (data) => {
      let msg;
      try {
        msg = JSON.parse(String(data));
      } catch {
        return;
      }
      if (msg.type !== 'walk_in') return;
      if (!hostOf(msg.host_id)) return ws.send(JSON.stringify({ type: 'error', scan_id: null, request_id: msg.request_id, code: 'bad_request', message: 'unknown host', retryable: false }));
      const known = byRequest.get(msg.request_id);
      if (known) {
        const w = walkIns.get(known);
        if (w.visitor_name !== msg.visitor_name || w.host.id !== msg.host_id || w.note !== (msg.note ?? null)) {
          return ws.send(JSON.stringify({ type: 'error', scan_id: null, request_id: msg.request_id, code: 'request_id_reused', message: 'request_id reused', retryable: false }));
        }
        ws.asked.add(msg.request_id);
        return ws.send(JSON.stringify(gateFrame(w, true)));
      }
      ws.asked.add(msg.request_id);
      const w = newWalkIn(msg);
      ws.send(JSON.stringify(gateFrame(w, false)));
      changed(w);
    });
  });
});

server.listen(port, '127.0.0.1', () => console.log(`host dev server on ${base} (/host, /gate, approval timeout ${timeoutS} s)`));
