// The console's Nodes view (#nodes, issue 35): the organisation's on-site nodes, their
// leases and lag, and for admins reclaiming a lease, revoking, a new token and resuming.

import { NODE_STATES, clock, nodeRow, nodeStateHelp, nodeStateText, nodesSummary } from '../model.js';
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { api, isAdmin, loadNodeLabels, problem, setError, ui } from '../state.js';
import { confirmButton, copyField, headRow } from '../parts.js';

/** How often the nodes are read again while the page is in view. */
const NODES_REFRESH_MS = 5000;

/**
 * The organisation's on-site nodes (`GET /v1/nodes`; admins, auditors and security): each
 * one's state in words, its lease's end, when it last called, its sync-up lag and the time
 * of the newest event it shipped (docs/operations.md, "On-site node"). Read every 5 s while
 * the page is visible, at once when it becomes visible again, on each `site_*` event of the
 * feed, and on Refresh. An admin may reclaim the lease of a node lost for good (`DELETE
 * /v1/nodes/{id}/lease`, audited high), asked once more as every destructive action here;
 * and (issue 50) revoke a node for good (`POST /v1/nodes/{id}/revoke`, asked once more),
 * give it a new token (`POST /v1/nodes/{id}/rotate`, asked once more: the old one stops at
 * once; the new one is shown once, never kept), and let a node whose lease was reclaimed
 * take a lease again (`POST /v1/nodes/{id}/resume`).
 * Rows are kept and changed in place, each control made again only when what it is for
 * changed, so a refresh neither moves the focus nor closes an open "Yes, …" question.
 */
export function nodesView() {
  const slot = h('div', { class: 'error-slot' });
  // An admin's refused call: kept across the reads every 5 s (which clear only their own).
  const actionSlot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-nodes-loading') });
  const done = h('div', { role: 'status' });
  const updated = h('p', { class: 'muted nodes-updated' });
  // In the page only while there is no node (before the first answer, neither it nor the table).
  const emptySlot = h('div');
  const empty = h(
    'div',
    { class: 'card nodes-empty', 'data-testid': 'nodes-empty' },
    h('p', { class: 'nodes-empty-title', text: t('console-nodes-none') }),
    h('p', { class: 'muted', text: t('console-nodes-none-help') }),
  );
  const tbody = h('tbody');
  const admin = isAdmin();
  const columns = ['console-col-node', 'console-col-state', 'console-col-site', 'console-col-lease-ends', 'console-col-last-seen', ['console-col-sync-lag', 'num'], 'console-col-shipped-through'];
  if (admin) columns.push('');
  const wrap = h(
    'div',
    { class: 'table-wrap', hidden: true },
    h('table', { class: 'events nodes-table', 'aria-label': t('console-nodes') }, headRow(columns), tbody),
  );
  const reclaimHelp = admin ? h('div', { class: 'nodes-admin-help', hidden: true }, h('p', { class: 'muted', text: t('console-node-reclaim-help') }), h('p', { class: 'muted', text: t('console-node-revoke-help') })) : null;
  // A node's new token, shown once (never kept: gone with this view or on "Hide the token").
  const tokenBox = h('div', { class: 'node-token-box' });
  /** node id → { tr, cells, badge, made: what each control was made for (control → key) } */
  const rows = new Map();
  let loading = false;
  let again = false;
  let soon = null;
  let stopped = false;

  const legend = h(
    'details',
    { class: 'nodes-legend', hidden: true },
    h('summary', { text: t('console-node-states') }),
    h('dl', { class: 'facts' }, NODE_STATES.map((s) => [h('dt', {}, h('span', { class: `state node-state node-state-${s}`, text: nodeStateText(s) })), h('dd', { text: nodeStateHelp(s) })])),
  );
  const setText = (el, text) => {
    if (el.textContent !== text) el.textContent = text;
  };
  /** After an admin's call: its outcome said (`doneId` on success), the nodes read again. */
  const settle = async (res, action, doneId, node) => {
    if (!ui) return false;
    if (!res.ok) {
      done.replaceChildren();
      setError(actionSlot, problem(res, action, { label: node.label }));
    } else {
      setError(actionSlot, null);
      if (doneId) done.replaceChildren(h('p', { class: 'notice', text: t(doneId, { label: node.label }) }));
    }
    await load();
    // The row's control may be gone with what it was for: the focus goes back to the view's heading.
    if (!root.contains(document.activeElement)) root.querySelector('h1').focus({ preventScroll: true });
    return res.ok;
  };
  const path = (node, tail) => `/v1/nodes/${encodeURIComponent(node.id)}/${tail}`;
  const reclaim = async (node) => settle(await api('DELETE', path(node, 'lease')), 'console-action-reclaim-lease', 'console-node-reclaimed', node);
  const revoke = async (node) => {
    // A token shown for this node is worth nothing any more.
    if (tokenBox.dataset.nodeId === node.id) tokenBox.replaceChildren();
    return settle(await api('POST', path(node, 'revoke')), 'console-action-revoke-node', 'console-node-revoked', node);
  };
  const resume = async (node) => settle(await api('POST', path(node, 'resume')), 'console-action-resume-node', 'console-node-resumed', node);
  const rotate = async (node) => {
    const res = await api('POST', path(node, 'rotate'));
    const token = res.ok && res.body && typeof res.body.token === 'string' && res.body.token ? res.body.token : null;
    if (!ui) return;
    if (!token) {
      tokenBox.replaceChildren();
      await settle(res.ok ? { ...res, ok: false } : res, 'console-action-rotate-node', null, node);
      return;
    }
    setError(actionSlot, null);
    done.replaceChildren(h('p', { class: 'notice', text: t('console-node-rotated', { label: node.label }) }));
    const heading = h('h2', { id: 'node-token-title', tabindex: '-1', text: t('console-node-token-title', { label: node.label }) });
    tokenBox.dataset.nodeId = node.id;
    tokenBox.replaceChildren(
      h(
        'section',
        { class: 'card node-token', 'data-testid': 'node-token', 'aria-labelledby': 'node-token-title' },
        heading,
        h('p', { text: t('console-node-token-help') }),
        copyField(t('console-node-token'), token),
        h('div', { class: 'actions' }, h('button', {
          type: 'button',
          class: 'secondary',
          text: t('console-node-token-hide'),
          onclick: () => {
            tokenBox.replaceChildren();
            delete tokenBox.dataset.nodeId;
            root.querySelector('h1').focus({ preventScroll: true });
          },
        })),
      ),
    );
    heading.focus();
  };
  /** Puts `make()` into `el` only when `key` differs from what the control was made for. */
  const control = (row, which, el, key, make) => {
    if (row.made[which] === key) return;
    row.made[which] = key;
    el.replaceChildren(key ? make() : '');
  };
  const rowFor = (node) => {
    let row = rows.get(node.id);
    if (!row) {
      const cell = (label, cls) => h('td', { 'data-label': label ? t(label) : null, class: cls || null });
      const badge = h('span', { class: 'state' });
      const cells = {
        label: h('bdi', { class: 'node-label' }),
        state: h('td', { 'data-testid': 'node-state' }, badge),
        site: h('bdi'),
        leaseEnds: cell('console-col-lease-ends', 'node-when'),
        lastSeen: cell('console-col-last-seen', 'node-when'),
        lag: cell('console-col-sync-lag', 'num'),
        shipped: cell('console-col-shipped-through', 'node-when'),
        action: admin ? h('td', { class: 'nowrap node-action' }) : null,
        reclaim: h('span', { class: 'node-control' }),
        resume: h('span', { class: 'node-control' }),
        rotate: h('span', { class: 'node-control' }),
        revoke: h('span', { class: 'node-control' }),
      };
      if (cells.action) cells.action.append(h('div', { class: 'node-controls' }, cells.reclaim, cells.resume, cells.rotate, cells.revoke));
      const tr = h(
        'tr',
        { class: 'node-row', 'data-testid': 'node-row', 'data-node-id': node.id },
        h('th', { scope: 'row', class: 'node-name' }, cells.label),
        cells.state,
        h('td', { 'data-label': t('console-col-site'), class: 'node-site' }, cells.site),
        cells.leaseEnds,
        cells.lastSeen,
        cells.lag,
        cells.shipped,
        cells.action,
      );
      row = { tr, cells, badge, made: {} };
      rows.set(node.id, row);
    }
    const { tr, cells, badge } = row;
    tr.dataset.state = node.state;
    setText(cells.label, node.label);
    setText(badge, node.stateText);
    badge.className = `state node-state node-state-${NODE_STATES.includes(node.state) ? node.state : 'unknown'}`;
    setText(cells.site, node.site);
    setText(cells.leaseEnds, node.leaseEnds);
    setText(cells.lastSeen, node.lastSeen);
    setText(cells.lag, node.lag);
    setText(cells.shipped, node.shipped);
    // Each control is made again only when what it is for changed (another lease, revoked,
    // reclaimed or allowed again): a refresh keeps an open question.
    if (cells.action) {
      const names = { label: node.label };
      control(row, 'reclaim', cells.reclaim, node.leaseId, () => confirmButton(t('console-node-reclaim'), t('console-node-reclaim-confirm'), () => reclaim(node), {
        name: t('console-node-reclaim-label', { label: node.label }),
        confirmName: t('console-node-reclaim-confirm-label', { label: node.label }),
      }));
      control(row, 'resume', cells.resume, node.blocked ? 'blocked' : null, () => {
        const allow = h('button', { type: 'button', class: 'primary', text: t('console-node-resume'), 'aria-label': t('console-node-resume-label', names) });
        allow.addEventListener('click', async () => {
          allow.disabled = true;
          await resume(node);
          allow.disabled = false;
          // Refused: still there, and the focus back on it.
          if (allow.isConnected) allow.focus();
        });
        return allow;
      });
      control(row, 'rotate', cells.rotate, node.revoked ? null : 'live', () => confirmButton(t('console-node-rotate'), t('console-node-rotate-confirm'), () => rotate(node), {
        cls: 'secondary',
        name: t('console-node-rotate-label', names),
        confirmName: t('console-node-rotate-confirm-label', names),
      }));
      control(row, 'revoke', cells.revoke, node.revoked ? null : 'live', () => confirmButton(t('console-node-revoke'), t('console-node-revoke-confirm'), () => revoke(node), {
        name: t('console-node-revoke-label', names),
        confirmName: t('console-node-revoke-confirm-label', names),
      }));
    }
    return tr;
  };
  const render = (list) => {
    const now = Date.now();
    const shown = list.map((n) => nodeRow(n, now));
    setText(status, shown.length ? nodesSummary(list) : '');
    setText(updated, t('console-nodes-updated', { time: clock(new Date(now).toISOString(), now) }));
    if (shown.length) emptySlot.replaceChildren();
    else if (!empty.isConnected) emptySlot.replaceChildren(empty);
    wrap.hidden = shown.length === 0;
    legend.hidden = shown.length === 0;
    if (reclaimHelp) reclaimHelp.hidden = shown.length === 0;
    const trs = shown.map(rowFor);
    const ids = new Set(shown.map((n) => n.id));
    for (const id of [...rows.keys()]) if (!ids.has(id)) rows.delete(id);
    // Moved only when the order changed: moving a row would take the focus from its button.
    if (trs.length !== tbody.children.length || trs.some((tr, i) => tbody.children[i] !== tr)) tbody.replaceChildren(...trs);
  };
  // One read at a time; a reason to read arriving meanwhile reads once more after it.
  const load = async () => {
    if (stopped) return;
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const res = await api('GET', '/v1/nodes');
      if (!ui || stopped) return;
      if (!res.ok || !res.body || !Array.isArray(res.body.nodes)) {
        if (!rows.size) setText(status, '');
        return setError(slot, problem(res, 'console-action-read-nodes'));
      }
      setError(slot, null);
      render(res.body.nodes);
      loadNodeLabels(res.body.nodes);
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  };
  const visible = () => document.visibilityState === 'visible';
  const onVisibility = () => visible() && load();
  const timer = setInterval(() => visible() && load(), NODES_REFRESH_MS);
  document.addEventListener('visibilitychange', onVisibility);
  load();

  const root = h(
    'section',
    { class: 'nodes-view', id: 'nodes', 'aria-labelledby': 'nodes-title' },
    h('div', { class: 'view-head' }, h('h1', { id: 'nodes-title', text: t('console-nodes') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-nodes-help') }),
    reclaimHelp,
    slot,
    actionSlot,
    done,
    tokenBox,
    status,
    emptySlot,
    wrap,
    updated,
    legend,
  );
  return {
    root,
    onEvent: (ev) => {
      if (!ev || typeof ev.kind !== 'string' || !ev.kind.startsWith('site_') || soon) return;
      soon = setTimeout(() => {
        soon = null;
        load();
      }, 500);
    },
    teardown: () => {
      stopped = true;
      clearInterval(timer);
      clearTimeout(soon);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
