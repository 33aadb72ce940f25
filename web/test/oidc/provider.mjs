// A real OpenID provider for the sign-in tests (issue 30): `oidc-provider`, the certified
// implementation from npm, on loopback, with the test's clients and people.
//
//   node test/oidc/provider.mjs '<json>'
//
// The JSON names `clients` (oidc-provider client metadata) and `people` ({ id: { email,
// name, groups } }); `port` (default 0, any). Once listening it prints one line,
// `{"issuer":"http://127.0.0.1:<port>"}`, and serves until stdin closes or it is killed.
//
// People sign in through the provider's own login form (its development interactions: the
// login is the person's id, any password); consent is implied for the test clients, as an
// organisation's IdP does for its own applications. The ID token carries `email`, `name`
// and `groups` when those scopes are asked for.
//
// Test controls, on the same port under /__control (never part of OpenID Connect):
// - `POST /__control/rotate`: a new signing key; the old one is gone from the JWKS at once,
//   as a provider that rotates its key (sessions and grants are forgotten with it).
// - `POST /__control/next-token` with `{"mode": "tamper" | "wrong-aud" | "wrong-iss" |
//   "expired"}`: the next token response's ID token is altered: its payload changed under
//   the original signature, or re-signed with the provider's own key for another audience,
//   another issuer, or with an expiry in the past. Everything else about the exchange is the provider's own.
// - `POST /__control/logout-token` with `{"sub"}`: answers `{"logout_token"}`, a back-channel
//   logout token for the first client signed with the provider's key, as the provider
//   sends one (a fresh `jti`, two minutes to live), for a test to send (and send again).
import http from 'node:http';
import crypto from 'node:crypto';
import * as jose from 'jose';
import Provider from 'oidc-provider';

const config = JSON.parse(process.argv[2] ?? '{}');
const people = config.people ?? {};
const clients = config.clients ?? [];

let issuer = '';
let signingKey; // the private JWK in use
let handler; // the current Provider's request handler (replaced on rotation)
let nextTokenMode = null;

async function newKey() {
  const { privateKey } = await jose.generateKeyPair('RS256', { extractable: true });
  const jwk = await jose.exportJWK(privateKey);
  return { ...jwk, kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
}

function account(id) {
  const person = people[id];
  if (!person) return undefined;
  return {
    accountId: id,
    async claims() {
      return {
        sub: id,
        email: person.email,
        email_verified: true,
        name: person.name,
        groups: person.groups ?? [],
      };
    },
  };
}

function build() {
  const p = new Provider(issuer, {
    clients,
    jwks: { keys: [signingKey] },
    findAccount: async (_ctx, id) => account(id),
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 3600, Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    // The relying party under test listens on loopback, which the provider's outgoing
    // requests (back-channel logout) refuse by default as SSRF protection.
    fetch: (url, options) => {
      const { dispatcher: _loopbackRefused, ...rest } = options;
      return globalThis.fetch(url, rest);
    },
    features: {
      devInteractions: { enabled: true },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: { enabled: true },
    },
    // The test clients are the organisation's own applications: no consent screen.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId
        || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  // Back-channel logout failures are otherwise silent: say them, for the test's log.
  p.on('backchannel.error', (_ctx, error, client) => {
    process.stderr.write(`provider: back-channel logout to ${client.clientId} failed: ${error}\n`);
  });
  p.on('end_session.success', () => process.stderr.write('provider: session ended\n'));
  p.use(async (ctx, next) => {
    await next();
    if (ctx.path === '/token' && ctx.method === 'POST' && nextTokenMode && ctx.body?.id_token) {
      const mode = nextTokenMode;
      nextTokenMode = null;
      ctx.body = { ...ctx.body, id_token: await alter(ctx.body.id_token, mode) };
    }
  });
  return p;
}

async function alter(idToken, mode) {
  const [header, payload, signature] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (mode === 'tamper') {
    claims.groups = ['tessera-admins'];
    claims.email = 'mallory@example.test';
    return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${signature}`;
  }
  const now = Math.floor(Date.now() / 1000);
  if (mode === 'wrong-aud') claims.aud = 'someone-else';
  if (mode === 'wrong-iss') claims.iss = 'https://impostor.example';
  if (mode === 'expired') {
    claims.iat = now - 7200;
    claims.exp = now - 3600;
  }
  const key = await jose.importJWK(signingKey, 'RS256');
  return new jose.SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
    .sign(key);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString()));
    req.on('error', reject);
  });
}

async function control(req, res) {
  if (req.method !== 'POST') {
    res.writeHead(405).end();
    return;
  }
  if (req.url === '/__control/rotate') {
    signingKey = await newKey();
    handler = build().callback();
  } else if (req.url === '/__control/logout-token') {
    const { sub } = JSON.parse((await readBody(req)) || '{}');
    const now = Math.floor(Date.now() / 1000);
    const key = await jose.importJWK(signingKey, 'RS256');
    const token = await new jose.SignJWT({
      sub,
      jti: crypto.randomUUID(),
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'logout+jwt' })
      .setIssuer(issuer)
      .setAudience(clients[0]?.client_id ?? '')
      .setIssuedAt(now)
      .setExpirationTime(now + 120)
      .sign(key);
    res.writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ logout_token: token }));
    return;
  } else if (req.url === '/__control/next-token') {
    const { mode } = JSON.parse((await readBody(req)) || '{}');
    if (!['tamper', 'wrong-aud', 'wrong-iss', 'expired'].includes(mode)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(`unknown mode ${mode}`);
      return;
    }
    nextTokenMode = mode;
  } else {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(204).end();
}

const server = http.createServer((req, res) => {
  if (req.url.startsWith('/__control/')) {
    control(req, res).catch((error) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    });
    return;
  }
  handler(req, res);
});

server.listen(config.port ?? 0, '127.0.0.1', async () => {
  issuer = `http://127.0.0.1:${server.address().port}`;
  signingKey = await newKey();
  handler = build().callback();
  process.stdout.write(`${JSON.stringify({ issuer })}\n`);
});

process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
