// The console's Gates views: the gates with their presence (#gates) and one gate (#gate/<id>):
// its last hour's scans, admissions and denials by reason, recent events, and for admins
// pairing and revoking.

import { clock, filterQuery } from '../model.js';
import { ago, reasonWords } from '../../words.js';
import { h } from '../../ui.js';
import { formatNumber, t } from '../../i18n.js';
import { api, gates, isAdmin, log, problem, refreshGates, setError, ui } from '../state.js';
import { confirmButton, pairGate, tile, timelineItem } from '../parts.js';

const GATE_STATS_REFRESH_MS = 10_000;

function presencePill(g) {
  return h('span', { class: `pill ${g.online ? 'online' : 'offline'}`, text: t(g.online ? 'console-gate-online' : 'console-gate-offline') });
}

/** When a gate was last connected: in a list ("last seen 3 min ago (16:04:05)"), or as a sentence of its own. */
function lastSeen(g, sentence = false) {
  if (g.online) return t(sentence ? 'console-gate-connected-now-sentence' : 'console-gate-connected-now');
  if (!g.last_seen) return t(sentence ? 'console-gate-never-connected-sentence' : 'console-gate-never-connected');
  const args = { ago: ago(Date.now(), Date.parse(g.last_seen)), time: clock(g.last_seen) };
  return t(sentence ? 'console-gate-last-seen-sentence' : 'console-gate-last-seen', args);
}

export function gatesView() {
  const list = h('ul', { class: 'gate-list', 'aria-label': t('console-gates') });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-gates-loading') });
  const update = () => {
    const all = [...gates.values()];
    status.textContent = t('console-gates-count', { count: all.length, online: all.filter((g) => g.online).length });
    list.replaceChildren(
      ...all.map((g) =>
        h(
          'li',
          { class: `gate-item${g.revoked_at ? ' revoked' : ''}` },
          h('a', { href: `#gate/${g.id}`, class: 'gate-link' }, h('span', { class: 'gate-name', text: g.label }), presencePill(g), h('span', { class: 'muted gate-seen', text: g.revoked_at ? t('console-gate-revoked-at', { time: clock(g.revoked_at) }) : lastSeen(g) })),
        ),
      ),
    );
  };
  const root = h(
    'section',
    { class: 'gates-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-gates') }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: t('console-create-gate') }) : null),
    status,
    list,
  );
  return { root, update, onGates: update };
}

function scansChart(stats) {
  const NS = 'http://www.w3.org/2000/svg';
  const minutes = stats.window_minutes || 60;
  const now = Date.now();
  const counts = new Array(minutes).fill(0);
  for (const m of stats.scans_per_minute || []) {
    const back = Math.floor((now - Date.parse(m.minute)) / 60_000);
    const i = minutes - 1 - back;
    if (i >= 0 && i < minutes) counts[i] += m.scans;
  }
  const max = Math.max(1, ...counts);
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${minutes * 10} 100`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('class', 'chart');
  svg.setAttribute('role', 'img');
  const total = counts.reduce((a, b) => a + b, 0);
  svg.setAttribute('aria-label', t('console-chart-label', { minutes, total, max: max === 1 && total === 0 ? 0 : max }));
  counts.forEach((c, i) => {
    if (!c) return;
    const r = document.createElementNS(NS, 'rect');
    const hgt = Math.max(2, (c / max) * 96);
    r.setAttribute('x', String(i * 10 + 1));
    r.setAttribute('y', String(100 - hgt));
    r.setAttribute('width', '8');
    r.setAttribute('height', String(hgt));
    r.setAttribute('class', 'bar-rect');
    svg.append(r);
  });
  return svg;
}

export function gateView(id) {
  const slot = h('div', { class: 'error-slot' });
  const head = h('div', { class: 'gate-head' });
  const statsBox = h('div', { class: 'gate-stats' }, h('p', { class: 'muted', text: t('console-gate-stats-loading') }));
  const recent = h('ol', { class: 'timeline', 'aria-label': t('console-gate-recent-label') });
  const adminBox = h('div', { class: 'admin-actions' });
  let gate = gates.get(id) || null;

  const renderHead = () => {
    gate = gates.get(id) || gate;
    if (!gate) {
      head.replaceChildren(h('h1', { text: t('console-gate') }));
      return;
    }
    head.replaceChildren(
      h('h1', {}, h('bdi', { text: gate.label }), ' ', presencePill(gate)),
      h(
        'p',
        { class: 'gate-presence' },
        gate.online ? (gate.sockets > 1 ? t('console-gate-connected-sockets', { count: gate.sockets }) : t('console-gate-connected')) : t('console-gate-not-connected'),
        ' ',
        gate.online ? '' : lastSeen(gate, true),
      ),
      gate.revoked_at ? h('p', { class: 'muted', text: t('console-gate-revoked-sentence', { time: clock(gate.revoked_at) }) }) : '',
    );
  };

  const renderStats = (stats) => {
    const denials = Object.entries(stats.denials_by_reason || {}).sort((a, b) => b[1] - a[1]);
    const scans = (stats.scans_per_minute || []).reduce((a, m) => a + m.scans, 0);
    const latest = (stats.scans_per_minute || []).slice(-1)[0];
    statsBox.replaceChildren(
      h('h2', { text: t('console-gate-window', { minutes: stats.window_minutes || 60 }) }),
      h(
        'div',
        { class: 'tiles' },
        tile(t('console-tile-scans'), scans),
        tile(t('console-tile-per-minute'), latest && Date.now() - Date.parse(latest.minute) < 120_000 ? latest.scans : 0),
        tile(t('console-tile-admissions'), stats.admissions ?? 0),
        tile(t('console-tile-denials'), denials.reduce((a, [, n]) => a + n, 0)),
        tile(t('console-tile-errors'), stats.errors ?? 0),
      ),
      h('h3', { text: t('console-chart-title') }),
      scansChart(stats),
      h('p', { class: 'chart-axis muted', 'aria-hidden': 'true' }, h('span', { text: t('console-chart-start', { minutes: stats.window_minutes || 60 }) }), h('span', { text: t('console-chart-now') })),
      h('h3', { text: t('console-denials-title') }),
      denials.length
        ? h('table', { class: 'denials' }, h('tbody', {}, denials.map(([reason, n]) => h('tr', {}, h('td', {}, h('code', { dir: 'ltr', text: reason })), h('td', { class: 'muted', text: reasonWords(reason) }), h('td', { class: 'num', text: formatNumber(n) })))))
        : h('p', { class: 'muted', text: t('console-denials-none') }),
    );
  };

  const load = async () => {
    const res = await api('GET', `/v1/gates/${id}`);
    if (!ui) return;
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-read-gate'));
    setError(slot, null);
    const { stats, ...g } = res.body;
    gates.set(id, { ...(gates.get(id) || {}), ...g });
    gate = gates.get(id);
    renderHead();
    if (stats) renderStats(stats);
    renderAdmin();
  };

  const addRecent = (ev) => {
    const item = timelineItem(ev, false, false);
    item.classList.add('no-gate');
    item.dataset.id = String(ev.id);
    const before = [...recent.children].find((x) => Number(x.dataset.id) < ev.id);
    recent.insertBefore(item, before || null);
    while (recent.children.length > 50) recent.lastChild.remove();
  };
  for (const ev of log.newest((e) => e.gate_id === id).slice(0, 50).reverse()) addRecent(ev);

  const pairBox = h('div', { class: 'pair-box' });
  // Drawn again only when whether it shows changes: `load` runs every 10 s and after each of
  // the gate's events, and drawing it anew would close a "Yes, revoke this gate" the admin
  // is about to press.
  let adminShown = null;
  const renderAdmin = () => {
    const show = Boolean(isAdmin() && gate && !gate.revoked_at);
    if (show === adminShown) return;
    adminShown = show;
    if (!show) {
      adminBox.replaceChildren();
      return;
    }
    adminBox.replaceChildren(
      h('h2', { text: t('console-gate-manage') }),
      h('div', { class: 'actions' }, h('button', { type: 'button', class: 'primary', onclick: () => pairGate(id, pairBox, slot), text: t('console-pair-make') }), confirmButton(t('console-gate-revoke'), t('console-gate-revoke-confirm'), () => revokeGate(id, slot, load))),
      pairBox,
    );
  };

  renderHead();
  renderAdmin();
  load();
  const timer = setInterval(load, GATE_STATS_REFRESH_MS);
  let statsQueued = null;
  const root = h(
    'section',
    { class: 'gate-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#gates', text: t('console-back-gates') })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, statsBox),
      h('div', { class: 'card panel' }, h('h2', { text: t('console-gate-recent') }), h('p', {}, h('a', { href: `#events?${filterQuery({ gate_id: id })}`, text: t('console-gate-all-events') })), recent),
    ),
    adminBox,
  );
  return {
    root,
    onGates: renderHead,
    onEvent: (ev) => {
      if (ev.gate_id !== id) return;
      addRecent(ev);
      renderHead();
      if (!statsQueued) statsQueued = setTimeout(() => ((statsQueued = null), load()), 1000);
    },
    teardown: () => {
      clearInterval(timer);
      clearTimeout(statsQueued);
    },
  };
}

async function revokeGate(id, slot, reload) {
  const res = await api('POST', `/v1/gates/${id}/revoke`);
  if (!res.ok) return setError(slot, problem(res, 'console-action-revoke-gate'));
  setError(slot, null);
  await refreshGates();
  await reload();
}
