// A loopback Web Push service for the tests (issue 31). It plays the push service a
// browser subscribes at: it makes subscriptions (a P-256 key pair and an auth secret, as a
// browser would), receives what the server pushes to them, checks the VAPID header (an
// ES256 JWT for this origin, signed with the key it names), and decrypts the message with
// `http_ece` (by the author of RFC 8188 and RFC 8291): an implementation independent of
// the server's.
//
//   node test/push/service.mjs
//
// Prints `{"url": "http://127.0.0.1:PORT"}`, then one JSON line per push received:
// {subscription, status, body_length, ttl, urgency, encoding, vapid: {aud, exp, sub, key_ok},
// payload}; a body over 4096 bytes is answered 413.
// `POST /__subscribe {"gone": bool}` answers a new subscription (PushSubscription.toJSON()
// shape); a "gone" one answers 410 to every push, as a service does after the browser
// unsubscribed.

import http from 'node:http';
import crypto from 'node:crypto';
import ece from 'http_ece';

const subscriptions = new Map();
const b64u = (buf) => Buffer.from(buf).toString('base64url');

function verifyVapid(header, origin) {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header || '');
  if (!m) return { ok: false, why: `no vapid header: ${header}` };
  const [token, key] = [m[1], m[2]];
  const [h, c, s] = token.split('.');
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { ok: false, why: 'k is not an uncompressed P-256 point' };
  const jwk = { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33)) };
  const publicKey = crypto.createPublicKey({ key: jwk, format: 'jwk' });
  const ok = crypto.verify('sha256', Buffer.from(`${h}.${c}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'));
  const headerJson = JSON.parse(Buffer.from(h, 'base64url').toString());
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString());
  const now = Math.floor(Date.now() / 1000);
  return {
    ok: ok && headerJson.alg === 'ES256' && claims.aud === origin && claims.exp > now && claims.exp <= now + 86400,
    alg: headerJson.alg, aud: claims.aud, exp: claims.exp, sub: claims.sub, key,
  };
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const origin = `http://${req.headers.host}`;
    if (req.method === 'POST' && req.url === '/__subscribe') {
      const { gone = false } = body.length ? JSON.parse(body.toString()) : {};
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      const id = crypto.randomBytes(8).toString('hex');
      subscriptions.set(id, { ecdh, auth, gone });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({
        endpoint: `${origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      }));
      return;
    }
    const m = /^\/push\/([0-9a-f]+)$/.exec(req.url || '');
    const sub = m && subscriptions.get(m[1]);
    if (req.method !== 'POST' || !sub) {
      res.writeHead(404);
      res.end();
      return;
    }
    const vapid = verifyVapid(req.headers.authorization, origin);
    // A push service need not take more than 4096 bytes of body (RFC 8030 §7.2); real ones
    // refuse more with 413, and so does this one.
    const status = sub.gone ? 410 : body.length > 4096 ? 413 : vapid.ok ? 201 : 403;
    let payload = null;
    let error = null;
    try {
      const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: b64u(sub.auth) });
      payload = JSON.parse(plain.toString('utf8'));
    } catch (e) {
      error = String(e && e.message);
    }
    process.stdout.write(`${JSON.stringify({
      subscription: m[1], status, body_length: body.length, ttl: req.headers.ttl || null, urgency: req.headers.urgency || null,
      encoding: req.headers['content-encoding'] || null, vapid, payload, error,
    })}\n`);
    res.writeHead(status);
    res.end();
  });
});

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${server.address().port}` })}\n`);
});
process.stdin.on('end', () => server.close(() => process.exit(0)));
process.stdin.resume();
