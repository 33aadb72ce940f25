// The console's on-site nodes (issue 35, "The console shows each node's state") in Chromium,
// against the real server:
//
// (1) An admin opens the console's Nodes view before any node exists: the empty state says
//     "No on-site nodes" and points to docs/operations.md, "On-site node".
// (2) Two nodes are enrolled through the admin API (`POST /v1/nodes`, 201 with a token);
//     Refresh lists both, each row `data-state="idle"`, its state in words ("Idle"), no
//     lease, never seen. axe-core: 0 WCAG 2.1 A/AA violations at 1280×800 and 390×844, and
//     at phone size nothing wider than the screen (the rows stack as cards).
// (3) With a harness that starts processes (`TESSERA_NODE_CONTROL=stdio`, the Rust test in
//     tests/tests/web/main.rs): a real `tessera-server` node starts for the first site with
//     its token; the view, refreshing itself every 5 s, shows it `holding`, its lease's end
//     ahead and its last call. An auditor sees the same rows and no Reclaim button.
// (4) The node is killed (`kill -9`: lost for good); its lease runs out unrenewed and the
//     row turns `overdue`. The admin's "Reclaim lease: North stand PC" asks once more, and
//     the question stays open across a refresh; "Yes, reclaim the lease" makes the row
//     `reclaimed` ("Reclaimed", waiting for an admin; issue 50), and the audit log has the
//     `site_lease_ended` event, high.
// (5) Issue 50: the same node comes back (its own database and key, the same token) and is
//     not granted the lease again: the row stays `reclaimed`. The admin's "Allow lease
//     again" (`POST /v1/nodes/{id}/resume`) lets it: the row turns `holding` by itself.
// (6) The admin revokes the running node ("Revoke node: …", asked once more): the row says
//     `revoked`, its token answers 401 (`GET /v1/node/changes`), its lease ended, and the
//     audit log has `site_node_revoked`; axe-core clean at both sizes. Without a harness, the
//     idle node is revoked instead.
// (7) "New token: South stand PC" (asked once more) shows the new token once, with Copy, and
//     says the old one stopped working: the old token answers 401, the new one is taken;
//     axe-core clean with the token on screen; "Hide the token" takes it off the page.
// (8) The feed (issue 50): the south node ships an event a node makes (`rate_limited`) and a
//     forged one (`api_key_created`, high): the first is written with `origin_node_id` and
//     its row in the Events view says "from node South stand PC"; the second is refused and
//     raises a `site_node_fault` alarm, live, naming the node and the refusal in words
//     (axe-core clean). The new token's and the revocation's events read as words too.
// (9) The phone's console switched to Arabic: the view right to left (the revoked row too),
//     axe-core clean.
//
// The harness protocol on stdout/stdin: `@@node start <site> <token file>` → `started`;
// `@@node stop` → `stopped`; `@@node restart` (the stopped node again, on its own database
// and keys) → `restarted`. Without it, (3) to (5) are skipped and said so.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { PHONE, STEP_TIMEOUT_MS, adminApi, axe, env, fail, launchChromium, main, ok, shoot, until, watchErrors } from './lib.mjs';

const TABLET = { viewport: { width: 1280, height: 800 } };
const TOTAL_TIMEOUT_MS = 200_000;
const NORTH = { site: 'e2e-north', label: 'North stand PC' };
const SOUTH = { site: 'e2e-south', label: 'South stand PC' };
/** The view reads every 5 s: a state change shows within one period and a request. */
const STATE_TIMEOUT_MS = 30_000;

// ------------------------------------------------------------------ the harness's node

const lines = process.env.TESSERA_NODE_CONTROL === 'stdio' ? createInterface({ input: process.stdin })[Symbol.asyncIterator]() : null;

/** Asks the harness for `request` and waits for its one-line `answer`. */
async function harness(request, answer) {
  console.log(`@@node ${request}`);
  const next = await Promise.race([
    lines.next(),
    new Promise((_, reject) => setTimeout(() => reject(new Error(`the harness did not answer "${request}"`)), 60_000)),
  ]);
  if (next.done || next.value.trim() !== answer) fail(`the harness answered ${JSON.stringify(next.value)} to "${request}"`);
}

// ------------------------------------------------------------------ the page

async function signIn(page, key, what) {
  const field = page.getByLabel('API key');
  await field.waitFor({ timeout: STEP_TIMEOUT_MS });
  await field.fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page
    .getByRole('navigation', { name: 'Views' })
    .waitFor({ timeout: STEP_TIMEOUT_MS })
    .catch(async () => fail(`${what}: no console after signing in; the page says ${(await page.locator('body').innerText()).slice(0, 300)}`));
}

const rowOf = (page, nodeId) => page.locator(`[data-testid="node-row"][data-node-id="${nodeId}"]`);
const oneLine = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

/** Waits until the node's row says `state` (attribute and words); returns the row's text. */
async function rowInState(page, node, state, words, what, timeoutMs = STATE_TIMEOUT_MS) {
  const row = rowOf(page, node.node_id);
  await until(
    `${node.label}'s row to be ${state} (${what})`,
    // The words as written (textContent: innerText would be the CSS capitals).
    async () => (await row.getAttribute('data-state')) === state && (await row.getByTestId('node-state').textContent()).trim() === words,
    timeoutMs,
    200,
  ).catch(async () => fail(`${what}: ${node.label}'s row is not ${state}: ${await row.evaluate((tr) => `data-state=${tr.dataset.state}: ${tr.innerText}`).catch(() => 'no row')}`));
  return oneLine(row);
}

/** On the phone nothing is wider than the screen: no sideways scrolling of the page. */
async function fitsThePhone(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth }));
  if (scroll > width) fail(`${what}: the page is ${scroll} px wide on a ${width} px screen`);
}

/**
 * Screenshots and axe-core on the tablet (1280×800) and on the phone (390×844, a phone's
 * context: touch, overlay scrollbars), once the phone's view (Refresh) shows the same
 * `states`: `[node, state, words]`.
 */
async function bothSizes(tablet, phone, name, what, states) {
  await shoot(tablet, `${name}-tablet`, { fullPage: true });
  await axe(tablet, `${what} at 1280×800`);
  await phone.locator('section#nodes').getByRole('button', { name: 'Refresh' }).click();
  for (const [node, state, words] of states) await rowInState(phone, node, state, words, `${what} on the phone`);
  await fitsThePhone(phone, `${what} at 390×844`);
  await shoot(phone, `${name}-phone`, { fullPage: true });
  await axe(phone, `${what} at 390×844`);
}

/** The HTTP status a node token gets from the node API (`GET /v1/node/changes`). */
async function nodeTokenStatus(base, token) {
  const res = await fetch(`${base}/v1/node/changes?after=0&limit=1`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status;
}

/** The node as `GET /v1/nodes` lists it now. */
async function listed(admin, node) {
  const all = await admin('GET', '/v1/nodes', null, [200]);
  const found = all.nodes.find((n) => n.node_id === node.node_id);
  if (!found) fail(`GET /v1/nodes does not list ${node.label}: ${JSON.stringify(all)}`);
  return found;
}

/** The audit events of `kind` about `node` (`details.node_id`). */
async function auditAbout(admin, kind, node) {
  const { events } = await admin('GET', `/v1/audit?kind=${kind}`, null, [200]);
  return events.filter((e) => e.details && e.details.node_id === node.node_id);
}

/**
 * The admin revokes `node` in the view (asked once more): the row says `revoked`, the token
 * answers 401, the node holds no lease, and the audit log says so.
 */
async function revokeThroughTheView(page, base, admin, node) {
  const section = page.locator('section#nodes');
  await section.getByRole('button', { name: `Revoke node: ${node.label}` }).click();
  const yes = section.getByRole('button', { name: `Yes, revoke the node: ${node.label}` });
  await yes.waitFor({ timeout: STEP_TIMEOUT_MS });
  if (!(await yes.evaluate((b) => b === document.activeElement))) fail('"Yes, revoke the node" does not have the focus');
  await shoot(page, 'nodes-revoke-confirm-tablet');
  await yes.click();
  const row = await rowInState(page, node, 'revoked', 'Revoked', 'after the revoke', STEP_TIMEOUT_MS);
  if (!/Revoked \d\d:\d\d:\d\d \(/.test(row)) fail(`the revoked row does not say when: "${row}"`);
  await section.getByRole('status').filter({ hasText: `${node.label} revoked: its token no longer works and its lease ended.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
  // A revoked node offers nothing more.
  for (const name of ['Revoke node', 'New token', 'Reclaim lease', 'Allow lease again']) {
    if (await rowOf(page, node.node_id).getByRole('button', { name: new RegExp(`^${name}`) }).count()) fail(`a revoked node offers "${name}"`);
  }
  const status = await nodeTokenStatus(base, node.token);
  if (status !== 401) fail(`the revoked node's token answered ${status}, not 401`);
  const now = await listed(admin, node);
  if (now.state !== 'revoked' || !now.revoked_at || now.lease) fail(`GET /v1/nodes after the revoke: ${JSON.stringify(now)}`);
  if (!(await auditAbout(admin, 'site_node_revoked', node)).length) fail(`no site_node_revoked event about ${node.label}`);
  return row;
}

/** A console signed in with `key` in a new context of `options`, on its Nodes view. */
async function nodesPage(browser, base, options, key, who, pageErrors) {
  const ctx = await browser.newContext(options);
  const page = await ctx.newPage();
  await page.goto(`${base}/console`);
  await signIn(page, key, who);
  // From here on (before it, the page learns with a 401 that nobody is signed in).
  watchErrors(page, who, pageErrors);
  await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Nodes' }).click();
  await page.locator('section#nodes').getByRole('heading', { name: 'On-site nodes', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
  if (!/#nodes$/.test(page.url())) fail(`${who}: the view is not in the address: ${page.url()}`);
  return page;
}

async function run() {
  const base = env('TESSERA_URL').replace(/\/$/, '');
  const adminKey = env('TESSERA_ADMIN_KEY');
  const admin = adminApi(base, adminKey);
  const auditorKey = (await admin('POST', '/v1/api-keys', { role: 'auditor', label: 'Audit desk' }, [201])).api_key;
  const before = await admin('GET', '/v1/nodes', null, [200]);

  const browser = await launchChromium();
  const pageErrors = [];
  let tokenDir = null;
  try {
    const page = await nodesPage(browser, base, { ...TABLET }, adminKey, 'admin console', pageErrors);
    const phone = await nodesPage(browser, base, { ...PHONE }, adminKey, 'admin console on a phone', pageErrors);
    const section = page.locator('section#nodes');

    // ------------------------------------------------------------ (1) nothing enrolled yet
    if (before.nodes.length === 0) {
      const empty = section.getByTestId('nodes-empty');
      await empty.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no empty state: ${await oneLine(section)}`));
      const text = await oneLine(empty);
      if (!text.startsWith('No on-site nodes') || !text.includes('docs/operations.md') || !text.includes('On-site node')) fail(`the empty state says "${text}"`);
      if (await section.getByRole('table').count()) fail('an empty list shows a table');
      await phone.getByTestId('nodes-empty').waitFor({ timeout: STEP_TIMEOUT_MS });
      await bothSizes(page, phone, 'nodes-empty', 'the empty Nodes view', []);
      ok(`no node yet: "${text}"`);
    } else {
      ok(`the server already has ${before.nodes.length} nodes: the empty state is not checked`);
    }

    // ------------------------------------------------------------ (2) two nodes enrolled
    const north = await admin('POST', '/v1/nodes', NORTH, [201]);
    const south = await admin('POST', '/v1/nodes', SOUTH, [201]);
    for (const [node, want] of [[north, NORTH], [south, SOUTH]]) {
      if (!node.node_id || typeof node.token !== 'string' || !node.token || node.site !== want.site || node.label !== want.label) fail(`POST /v1/nodes answered ${JSON.stringify({ ...node, token: node.token ? '…' : node.token })}`);
    }
    ok('two nodes enrolled through the admin API (201, each with its token)');
    await section.getByRole('button', { name: 'Refresh' }).click();
    const table = section.getByRole('table', { name: 'On-site nodes' });
    await table.waitFor({ timeout: STEP_TIMEOUT_MS });
    for (const [node, want] of [[north, NORTH], [south, SOUTH]]) {
      const text = await rowInState(page, node, 'idle', 'Idle', 'after Refresh');
      for (const part of [want.label, want.site, 'No lease', 'Never', 'Nothing yet']) if (!text.includes(part)) fail(`${want.label}'s idle row lacks "${part}": "${text}"`);
    }
    if (await section.getByTestId('nodes-empty').count()) fail('the empty state stays beside the nodes');
    const rows = await section.getByTestId('node-row').count();
    if (rows !== before.nodes.length + 2) fail(`${rows} rows for ${before.nodes.length + 2} nodes`);
    // The row header names the node for each cell (a screen reader's "North stand PC, State").
    await table.getByRole('rowheader', { name: NORTH.label }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await section.getByRole('status').filter({ hasText: `${rows} nodes: 0 holding a lease, 0 overdue.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
    if (await section.getByRole('button', { name: /^Reclaim lease/ }).count()) fail('an idle node offers Reclaim lease');
    await bothSizes(page, phone, 'nodes-idle', 'the Nodes view with two idle nodes', [[north, 'idle', 'Idle'], [south, 'idle', 'Idle']]);
    ok('both nodes listed idle, in words, with no lease and never seen; axe clean at both sizes');

    if (!lines) {
      ok('TESSERA_NODE_CONTROL is not "stdio": no node process is started, so only idle nodes are shown (holding, overdue and Reclaim not exercised)');
    } else {
      // ---------------------------------------------------------- (3) a node holds the site
      tokenDir = mkdtempSync(path.join(tmpdir(), 'tessera-node-'));
      const tokenFile = path.join(tokenDir, 'node-token');
      writeFileSync(tokenFile, `${north.token}\n`, { mode: 0o600 });
      await harness(`start ${NORTH.site} ${tokenFile}`, 'started');
      // No click: the view reads again by itself.
      const holding = await rowInState(page, north, 'holding', 'Holding', 'with the node running');
      const cells = await rowOf(page, north.node_id).locator('td').allInnerTexts();
      const [, , leaseEnds, lastSeen] = cells;
      if (!/\(in \d+ seconds?\)|\(in \d+ minutes?\)/.test(leaseEnds)) fail(`the lease's end says "${leaseEnds}"`);
      if (/Never/.test(lastSeen) || !/\d\d:\d\d:\d\d \(/.test(lastSeen)) fail(`the node's last call says "${lastSeen}"`);
      await rowInState(page, south, 'idle', 'Idle', 'the other site untouched', 1000);
      const reclaim = section.getByRole('button', { name: `Reclaim lease: ${NORTH.label}` });
      await reclaim.waitFor({ timeout: STEP_TIMEOUT_MS });
      await section.getByRole('status').filter({ hasText: '1 holding a lease' }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await bothSizes(page, phone, 'nodes-holding', 'the Nodes view with a node holding its site', [[north, 'holding', 'Holding'], [south, 'idle', 'Idle']]);
      ok(`the node holds its site: "${holding}"`);

      // An auditor reads the same rows and may not reclaim.
      const auditCtx = await browser.newContext({ ...TABLET });
      const auditor = await auditCtx.newPage();
      await auditor.goto(`${base}/console#nodes`);
      await signIn(auditor, auditorKey, 'the auditor');
      watchErrors(auditor, 'auditor console', pageErrors);
      await auditor.getByRole('heading', { name: 'On-site nodes', level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
      await rowInState(auditor, north, 'holding', 'Holding', 'on the auditor’s console');
      for (const name of [/Reclaim lease/, /Revoke/, /New token/, /Allow lease again/]) {
        if (await auditor.getByRole('button', { name }).count()) fail(`an auditor is offered ${name}`);
      }
      await auditCtx.close();
      ok('an auditor sees the node holding its site, and no Reclaim lease, Revoke or New token button');

      // ---------------------------------------------------------- (4) lost, overdue, reclaimed
      await harness('stop', 'stopped');
      const overdue = await rowInState(page, north, 'overdue', 'Overdue', 'after the node was killed');
      if (!/ago\)/.test(overdue)) fail(`an overdue lease's end is not in the past: "${overdue}"`);
      await bothSizes(page, phone, 'nodes-overdue', 'the Nodes view with an overdue node', [[north, 'overdue', 'Overdue']]);
      ok(`the lost node's lease ran out unrenewed: "${overdue}"`);

      await reclaim.click();
      const yes = section.getByRole('button', { name: `Yes, reclaim the lease: ${NORTH.label}` });
      await yes.waitFor({ timeout: STEP_TIMEOUT_MS });
      // A refresh (every 5 s) neither closes the question nor takes the focus from it.
      const reads = [];
      page.on('request', (r) => r.url().endsWith('/v1/nodes') && reads.push(r.url()));
      await until('the view to read the nodes again', () => reads.length > 0, 8000, 100);
      await page.waitForTimeout(500);
      if (!(await yes.isVisible())) fail('a refresh closed the "Yes, reclaim the lease" question');
      if (!(await yes.evaluate((b) => b === document.activeElement))) fail('a refresh took the focus from "Yes, reclaim the lease"');
      await shoot(page, 'nodes-reclaim-confirm-tablet');
      await yes.click();
      // Issue 50: reclaimed, and waiting for an admin before it may take the lease again.
      const reclaimed = await rowInState(page, north, 'reclaimed', 'Reclaimed', 'after the reclaim', STEP_TIMEOUT_MS);
      if (!/Reclaimed \d\d:\d\d:\d\d \(.*\): waits for an admin/.test(reclaimed)) fail(`the reclaimed row says "${reclaimed}"`);
      await section.getByRole('status').filter({ hasText: `Lease of ${NORTH.label} reclaimed` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      const ended = await admin('GET', '/v1/audit?kind=site_lease_ended', null, [200]);
      const event = ended.events.find((e) => JSON.stringify(e.details || {}).includes('reclaim'));
      if (!event || event.severity !== 'high') fail(`no high site_lease_ended event for the reclaim: ${JSON.stringify(ended.events)}`);
      const afterReclaim = await listed(admin, north);
      if (afterReclaim.state !== 'reclaimed' || !afterReclaim.lease_blocked_at || afterReclaim.lease) fail(`GET /v1/nodes after the reclaim: ${JSON.stringify(afterReclaim)}`);
      const allow = section.getByRole('button', { name: `Allow lease again: ${NORTH.label}` });
      await allow.waitFor({ timeout: STEP_TIMEOUT_MS });
      await bothSizes(page, phone, 'nodes-reclaimed', 'the Nodes view with a reclaimed node', [[north, 'reclaimed', 'Reclaimed']]);
      ok(`the admin reclaimed the lost node’s lease after confirming; the row waits for an admin ("${reclaimed}") and the audit log has it (high)`);

      // ---------------------------------------------------------- (5) back, refused, allowed again
      await harness('restart', 'restarted');
      // The node asks for the lease at once and at every sync (500 ms) after (409
      // lease_reclaimed): ten of its rounds later it still holds nothing.
      await page.waitForTimeout(5000);
      const stillBlocked = await listed(admin, north);
      if (stillBlocked.state !== 'reclaimed' || stillBlocked.lease) fail(`the node took the lease again without an admin: ${JSON.stringify(stillBlocked)}`);
      await rowInState(page, north, 'reclaimed', 'Reclaimed', 'with the node back but not allowed', 1000);
      ok('the node came back with the same token and was not granted the lease: still reclaimed');
      await allow.click();
      await section.getByRole('status').filter({ hasText: `${NORTH.label} may take the site’s lease again.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
      // The status comes first; the row is drawn anew from the next GET /v1/nodes.
      await allow.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS })
        .catch(() => fail('"Allow lease again" stays after the node was allowed'));
      const resumed = await rowInState(page, north, 'holding', 'Holding', 'after "Allow lease again", the running node taking the lease');
      const afterResume = await listed(admin, north);
      if (afterResume.lease_blocked_at || !afterResume.lease) fail(`GET /v1/nodes after the resume: ${JSON.stringify(afterResume)}`);
      if (!(await auditAbout(admin, 'site_node_resumed', north)).length) fail('no site_node_resumed event');
      ok(`"Allow lease again" let the running node take its site again: "${resumed}"`);

      // ---------------------------------------------------------- (6) the running node revoked
      const revoked = await revokeThroughTheView(page, base, admin, north);
      await bothSizes(page, phone, 'nodes-revoked', 'the Nodes view with a revoked node', [[north, 'revoked', 'Revoked'], [south, 'idle', 'Idle']]);
      await harness('stop', 'stopped');
      ok(`the admin revoked the node holding its site: its token answers 401 and its lease ended ("${revoked}")`);
    }

    if (!lines) {
      // ---------------------------------------------------------- (6) an idle node revoked
      const revoked = await revokeThroughTheView(page, base, admin, north);
      await bothSizes(page, phone, 'nodes-revoked', 'the Nodes view with a revoked node', [[north, 'revoked', 'Revoked'], [south, 'idle', 'Idle']]);
      ok(`the admin revoked the idle node: its token answers 401 ("${revoked}")`);
    }

    // ------------------------------------------------------------ (7) a new token, shown once
    if ((await nodeTokenStatus(base, south.token)) === 401) fail('the south node’s first token is refused before any rotation');
    await section.getByRole('button', { name: `New token: ${SOUTH.label}` }).click();
    await section.getByRole('button', { name: `Yes, make a new token: ${SOUTH.label}` }).click();
    const tokenCard = section.getByTestId('node-token');
    await tokenCard.waitFor({ timeout: STEP_TIMEOUT_MS });
    const cardText = await oneLine(tokenCard);
    if (!cardText.includes(`New token for ${SOUTH.label}`) || !/old token stopped working/.test(cardText) || !/shown only this once/.test(cardText)) fail(`the new token's card says "${cardText}"`);
    if (!(await tokenCard.getByRole('heading', { level: 2 }).evaluate((e) => e === document.activeElement))) fail('the new token’s heading does not have the focus');
    const newToken = await tokenCard.getByLabel('Node token').inputValue();
    if (!newToken || newToken === south.token) fail(`the card shows "${newToken ? 'the old token' : 'no token'}"`);
    await section.getByRole('status').filter({ hasText: `New token for ${SOUTH.label} made: the old one stopped working.` }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await tokenCard.getByRole('button', { name: 'Copy' }).waitFor({ timeout: STEP_TIMEOUT_MS });
    const oldStatus = await nodeTokenStatus(base, south.token);
    const newStatus = await nodeTokenStatus(base, newToken);
    if (oldStatus !== 401) fail(`the old token answered ${oldStatus} after the rotation, not 401`);
    if (newStatus === 401) fail('the new token is refused (401)');
    if (!(await auditAbout(admin, 'site_node_token_rotated', south)).length) fail('no site_node_token_rotated event');
    // Never kept anywhere but on the screen.
    const kept = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href);
    if (kept.includes(newToken)) fail('the new token is kept in Web Storage or the address');
    await shoot(page, 'nodes-token-tablet', { fullPage: true });
    await axe(page, 'the Nodes view showing a new token at 1280×800');
    await rowInState(page, south, 'idle', 'Idle', 'after the rotation', 1000);
    await tokenCard.getByRole('button', { name: 'Hide the token' }).click();
    if (await section.getByTestId('node-token').count()) fail('"Hide the token" left the token on the page');
    if ((await page.content()).includes(newToken)) fail('the token is still in the page after "Hide the token"');
    ok(`a new token for ${SOUTH.label}, shown once: the old one answers 401, the new one ${newStatus}; hidden again`);

    // ------------------------------------------------------------ (8) the feed: shipped by a node
    // The south node (its new token, no lease) ships one event a node makes anywhere and one
    // no node makes: the first is written with origin_node_id, the second refused as a fault.
    const ship = adminApi(base, newToken);
    const wire = (id, kind, severity, details) => ({ id, at_ms: Date.now() - 1000, kind, severity, gate_id: null, pass_id: null, details: JSON.stringify(details) });
    const shippedAnswer = await ship('POST', '/v1/node/events', { events: [wire(1, 'rate_limited', 'warning', { frames: 7, window_start: new Date(Date.now() - 11_000).toISOString(), window_s: 10 })], admissions: [] }, [200]);
    if (shippedAnswer.events !== 1 || shippedAnswer.refused) fail(`a node's rate_limited event answered ${JSON.stringify(shippedAnswer)}`);
    const forgedAnswer = await ship('POST', '/v1/node/events', { events: [wire(2, 'api_key_created', 'high', { role: 'admin' })], admissions: [] }, [200]);
    if (forgedAnswer.refused !== 1 || forgedAnswer.events) fail(`a forged api_key_created answered ${JSON.stringify(forgedAnswer)}`);
    const shippedEvent = (await admin('GET', '/v1/audit?kind=rate_limited', null, [200])).events.find((e) => e.origin_node_id === south.node_id);
    if (!shippedEvent) fail('the shipped rate_limited event does not carry the node’s origin_node_id');
    const faults = await auditAbout(admin, 'site_node_fault', south);
    if (faults.length !== 1 || faults[0].severity !== 'high') fail(`site_node_fault about the south node: ${JSON.stringify(faults)}`);
    // The live feed brings the fault to the alarms, naming the node.
    await page.goto(`${base}/console#alarms`);
    const faultAlarm = page.locator(`li.alarm[data-alarm-id="${faults[0].id}"]`);
    await faultAlarm.waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no site_node_fault alarm: ${await oneLine(page.locator('main'))}`));
    const faultRow = await oneLine(faultAlarm);
    if (!faultRow.includes('site_node_fault') || !faultRow.includes(`node ${SOUTH.label}`)) fail(`the fault's alarm row says "${faultRow}"`);
    await faultAlarm.getByRole('button').click();
    const facts = page.locator('.alarm-handling');
    await facts.getByText('a kind no node makes (foreign_kind)').waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`the fault's alarm says "${await oneLine(facts)}"`));
    await shoot(page, 'nodes-fault-alarm-tablet', { fullPage: true });
    await axe(page, 'the alarm of a node’s fault at 1280×800');
    // The shipped event says so in the Events view.
    await page.goto(`${base}/console#events?kind=rate_limited`);
    const shippedRow = page.locator(`tr[data-origin-node-id="${south.node_id}"]`);
    await shippedRow.first().waitFor({ timeout: STEP_TIMEOUT_MS }).catch(async () => fail(`no row marked as shipped by the node: ${await oneLine(page.locator('main'))}`));
    const shippedText = await oneLine(shippedRow.first());
    if (!shippedText.includes(`from node ${SOUTH.label}`)) fail(`the shipped event's row says "${shippedText}"`);
    ok(`an event the node shipped reads "${shippedText}", and its forged one raised the alarm "${faultRow}"`);

    await page.goto(`${base}/console#events?kind=site_node_token_rotated`);
    const events = page.getByRole('table', { name: 'Events' });
    await events.getByText(`new token for node ${SOUTH.label}: the old one no longer works`).first().waitFor({ timeout: STEP_TIMEOUT_MS })
      .catch(async () => fail(`the Events view says "${await oneLine(page.locator('main'))}"`));
    await page.goto(`${base}/console#events?kind=site_node_revoked`);
    await events.getByText(`node ${NORTH.label} revoked: its token no longer works`).first().waitFor({ timeout: STEP_TIMEOUT_MS })
      .catch(async () => fail(`the Events view says "${await oneLine(page.locator('main'))}"`));
    ok('the node’s new token and revocation read as words naming the node in the Events view');

    // ------------------------------------------------------------ (9) in Arabic, right to left
    await phone.locator('#language-select').selectOption('ar');
    await phone.locator('html[lang="ar"][dir="rtl"]').waitFor({ state: 'attached', timeout: STEP_TIMEOUT_MS });
    await phone.locator('section#nodes').getByRole('heading', { level: 1 }).waitFor({ timeout: STEP_TIMEOUT_MS });
    await rowOf(phone, south.node_id).waitFor({ timeout: STEP_TIMEOUT_MS });
    const arabic = await oneLine(rowOf(phone, south.node_id));
    if (!arabic.includes(SOUTH.label) || !/[\u0600-\u06ff]/.test(arabic)) fail(`the Arabic row says "${arabic}"`);
    const arabicRevoked = (await rowOf(phone, north.node_id).getByTestId('node-state').textContent()).trim();
    if (arabicRevoked !== 'مُبطَل') fail(`the revoked node's state in Arabic is "${arabicRevoked}"`);
    await fitsThePhone(phone, 'the Nodes view in Arabic at 390×844');
    await shoot(phone, 'nodes-ar-phone', { fullPage: true });
    await axe(phone, 'the Nodes view in Arabic (right to left) at 390×844');
    ok(`in Arabic, right to left: "${arabic}"`);

    if (pageErrors.length) fail(`the pages logged errors: ${pageErrors.join(' | ')}`);
  } finally {
    await browser.close();
    if (tokenDir) rmSync(tokenDir, { recursive: true, force: true });
  }
}

main('nodes', run, TOTAL_TIMEOUT_MS);
