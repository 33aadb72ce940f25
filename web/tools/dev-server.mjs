// A stand-in server for working on the UI without tessera-server: serves dist/ the way the
// Rust server does (same CSP and cache headers, /, /claim and /wallet → index.html) and
// mocks the two claim calls with the test-vector server key. Not for production, no gate.
//
//   node tools/dev-server.mjs [port]      then open the claim link it prints.
import { createServer } from 'node:http';
import { randomUUID, randomBytes } from 'node:crypto';
import { json, root, serveFile } from './static.mjs';

const SERVER_PUBLIC = 'VxR2nRFr92Q2rnS8eT0sMK0ZA8WaxSc4BcfiaYtBDDY'; // protocol-vectors.json

const passes = new Map();
function issue(label, site, validFrom, validUntil) {
  const id = randomUUID();
  const token = randomBytes(32).toString('base64url');
  passes.set(id, { id, token, label, site, validFrom, validUntil, key: null, state: 'issued' });
  return `http://127.0.0.1:${port}/claim#p=${id}&t=${token}`;
}

const port = Number(process.argv[2] || 8099);
const invalid = (res) => json(res, 404, { error: { code: 'invalid_claim', message: 'unknown pass or wrong token' } });

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  if (req.method === 'POST' && url.pathname.startsWith('/v1/claims')) {
    let body = '';
    for await (const chunk of req) body += chunk;
    let b;
    try {
      b = JSON.parse(body);
    } catch {
      return json(res, 400, { error: { code: 'bad_request', message: 'bad JSON' } });
    }
    const p = passes.get(b.pass_id);
    if (!p || p.token !== b.claim_token) return invalid(res);
    const common = { pass_id: p.id, label: p.label, site: p.site, valid_from: p.validFrom, valid_until: p.validUntil };
    if (url.pathname === '/v1/claims/preview') return json(res, 200, { ...common, state: p.state });
    if (p.state === 'revoked') return json(res, 409, { error: { code: 'revoked', message: 'revoked' } });
    if (p.key && p.key !== b.wallet_public_key) return json(res, 409, { error: { code: 'already_claimed', message: 'claimed' } });
    p.key = b.wallet_public_key;
    p.state = 'claimed';
    return json(res, 200, { ...common, server_public_key: SERVER_PUBLIC, server_kid: 'dev', period_s: 15, digits: 8, algorithm: 'SHA256' });
  }
  const rel = url.pathname === '/' || url.pathname === '/claim' || url.pathname === '/wallet' ? 'index.html' : url.pathname.slice(1);
  return serveFile(res, rel);
}).listen(port, '127.0.0.1', () => {
  const day = 24 * 3600 * 1000;
  const iso = (ms) => new Date(ms).toISOString().replace(/\.\d+Z$/, 'Z');
  console.log(`serving ${root} on http://127.0.0.1:${port}`);
  console.log('valid:   ', issue('Ada Lovelace', 'Stadium north', iso(Date.now() - day), iso(Date.now() + 7 * day)));
  console.log('second:  ', issue('Grace Hopper', null, iso(Date.now() - day), iso(Date.now() + day)));
  console.log('expired: ', issue('Old Ticket', 'Hall B', iso(Date.now() - 2 * day), iso(Date.now() - day)));
  console.log('not yet: ', issue('Future Visitor', 'Hall C', iso(Date.now() + day), iso(Date.now() + 2 * day)));
});
