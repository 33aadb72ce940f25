// A stand-in for the pairing half of tessera-server, for working on the web gate without the
// Rust side of issue 14: serves dist/ with the server's headers (/gate → gate.html) and
// implements the contract the server implements (pairing links, the tessera_gate cookie,
// GET /v1/gate/me, the cookie-and-Origin WebSocket, revoke, first_gate_label), delegating
// everything TSR1 to a real tessera-server (`--upstream`): the cookie maps to the gate's
// device token, and the gate socket is bridged to the upstream with `Authorization: Bearer`.
// Not for production.
//
//   tessera-server serve --listen 127.0.0.1:18080 --public-url http://127.0.0.1:8098 &
//   node tools/gate-dev-server.mjs --upstream http://127.0.0.1:18080 [--port 8098]
//   TESSERA_URL=http://127.0.0.1:8098 TESSERA_ADMIN_KEY=… npm run e2e:gate
import { createServer, request } from 'node:http';
import { randomBytes, createHash } from 'node:crypto';
import WebSocket, { WebSocketServer } from 'ws';
import { json, serveFile } from './static.mjs';

const args = process.argv.slice(2);
const arg = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const upstream = new URL(arg('--upstream', 'http://127.0.0.1:18080'));
const port = Number(arg('--port', 8098));
const origin = `http://127.0.0.1:${port}`;

const gates = new Map(); // gate_id -> { label, site, token, cookie (hash) }
const pairings = new Map(); // secret hash -> { gateId, expires }
const sockets = new Map(); // gate_id -> Set<ws>
const sha = (s) => createHash('sha256').update(s).digest('hex');

const readBody = async (req) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};
const cookieGate = (req) => {
  const m = /(?:^|;\s*)tessera_gate=([A-Za-z0-9_-]+)/.exec(req.headers.cookie || '');
  if (!m) return null;
  const h = sha(m[1]);
  for (const [id, g] of gates) if (g.cookie === h) return { id, ...g };
  return null;
};

function proxy(req, res, body, onJson) {
  const up = request(
    { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
    (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => {
        const buf = Buffer.concat(chunks);
        if (onJson && r.statusCode < 300) {
          try {
            onJson(JSON.parse(buf));
          } catch {
            // not JSON
          }
        }
        res.writeHead(r.statusCode, r.headers);
        res.end(buf);
      });
    },
  );
  up.on('error', (e) => json(res, 502, { error: { code: 'upstream', message: e.message } }));
  up.end(body);
}

const server = createServer(async (req, res) => {
  const url = new URL(req.url, origin);
  const p = url.pathname;
  if (p.startsWith('/v1/')) {
    const body = req.method === 'GET' ? undefined : await readBody(req);
    if (req.method === 'POST' && p === '/v1/gates') {
      const asked = JSON.parse(body || '{}');
      return proxy(req, res, body, (g) => gates.set(g.gate_id, { label: asked.label, site: asked.site ?? null, token: g.device_token, cookie: null }));
    }
    let m;
    if (req.method === 'POST' && (m = /^\/v1\/gates\/([0-9a-f-]{36})\/pairing$/.exec(p))) {
      if (!/^Bearer .+/.test(req.headers.authorization || '')) return json(res, 401, { error: { code: 'unauthorized' } });
      if (!gates.has(m[1])) return json(res, 404, { error: { code: 'not_found' } });
      const secret = randomBytes(32).toString('base64url');
      const expires = Date.now() + 10 * 60 * 1000;
      pairings.set(sha(secret), { gateId: m[1], expires });
      return json(res, 201, { pairing_url: `${origin}/gate#pair=${secret}`, expires_at: new Date(expires).toISOString().replace(/\.\d+Z$/, 'Z') });
    }
    if (req.method === 'POST' && (m = /^\/v1\/gates\/([0-9a-f-]{36})\/revoke$/.exec(p))) {
      const g = gates.get(m[1]);
      if (!g) return json(res, 404, { error: { code: 'not_found' } });
      g.cookie = null;
      for (const ws of sockets.get(m[1]) || []) ws.close(4401, 'revoked');
      return json(res, 200, { gate_id: m[1], revoked: true });
    }
    if (req.method === 'POST' && p === '/v1/gates/pair') {
      let secret;
      try {
        secret = JSON.parse(body).pairing_secret;
      } catch {
        return json(res, 400, { error: { code: 'bad_request' } });
      }
      const key = sha(String(secret));
      const pairing = pairings.get(key);
      pairings.delete(key);
      if (!pairing || pairing.expires < Date.now()) return json(res, 404, { error: { code: 'invalid_pairing', message: 'unknown, used or expired pairing link' } });
      const g = gates.get(pairing.gateId);
      const cookie = randomBytes(32).toString('base64url');
      g.cookie = sha(cookie);
      for (const ws of sockets.get(pairing.gateId) || []) ws.close(4401, 're-paired');
      return json(res, 200, { gate_id: pairing.gateId, label: g.label, site: g.site }, { 'set-cookie': `tessera_gate=${cookie}; HttpOnly; Secure; SameSite=Strict; Path=/; Max-Age=34560000` });
    }
    if (req.method === 'GET' && p === '/v1/gate/me') {
      const g = cookieGate(req);
      if (!g) return json(res, 401, { error: { code: 'unauthorized' } });
      return json(res, 200, { gate_id: g.id, label: g.label, site: g.site });
    }
    return proxy(req, res, body);
  }
  const rel = p === '/gate' ? 'gate.html' : p === '/' || p === '/claim' || p === '/wallet' ? 'index.html' : p.slice(1);
  return serveFile(res, rel);
});

const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
  // Native gates send their token, as to the real server; browsers the cookie and Origin.
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization || '');
  const native = bearer && [...gates].find(([, x]) => x.token === bearer[1]);
  const g = req.url !== '/v1/gate/ws' ? null : native ? { id: native[0], ...native[1] } : req.headers.origin === origin ? cookieGate(req) : null;
  if (!g) {
    socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-length: 0\r\n\r\n');
    return;
  }
  wss.handleUpgrade(req, socket, head, (client) => {
    const set = sockets.get(g.id) || new Set();
    sockets.set(g.id, set);
    set.add(client);
    const up = new WebSocket(`ws://${upstream.host}/v1/gate/ws`, { headers: { authorization: `Bearer ${g.token}` } });
    const early = [];
    up.on('open', () => early.splice(0).forEach((m) => up.send(m)));
    up.on('message', (data) => {
      let text = String(data);
      try {
        const msg = JSON.parse(text);
        if (msg.type === 'result' && msg.outcome === 'already_admitted') {
          msg.first_gate_label = msg.first_gate_id && gates.has(msg.first_gate_id) ? gates.get(msg.first_gate_id).label : null;
          text = JSON.stringify(msg);
        }
      } catch {
        // pass through
      }
      if (client.readyState === WebSocket.OPEN) client.send(text);
    });
    client.on('message', (data) => (up.readyState === WebSocket.OPEN ? up.send(String(data)) : early.push(String(data))));
    const close = () => {
      set.delete(client);
      if (up.readyState <= WebSocket.OPEN) up.close();
      if (client.readyState <= WebSocket.OPEN) client.close();
    };
    up.on('close', close);
    up.on('error', close);
    client.on('close', close);
    client.on('error', close);
  });
});

server.listen(port, '127.0.0.1', () => console.log(`gate dev server on ${origin}, upstream ${upstream.origin}`));
