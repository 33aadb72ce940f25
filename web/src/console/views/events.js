// The console's Events view (#events?…): the audit log with the filters of `GET /v1/audit`
// in the address bar, pages of 100, and the export of what the filters select.

import { KNOWN_KINDS, SEVERITIES, clock, describe, exportUrl, filterProblem, filterQuery, isoToLocal, localToIso, originNode, severityLabel } from '../model.js';
import { h } from '../../ui.js';
import { formatList, t } from '../../i18n.js';
import { api, gateName, gates, keyLabels, log, nodeLabels, passLabels, passName, problem, setError } from '../state.js';
import { headRow, sevBadge } from '../parts.js';

const EVENTS_PAGE = 100;

export function eventsView(query) {
  const filters = {};
  for (const key of ['kind', 'severity', 'gate_id', 'pass_id', 'since', 'until']) filters[key] = query.get(key) || '';
  const slot = h('div', { class: 'error-slot' });
  const field = (id, label, control) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control);

  const kind = h('input', { id: 'f-kind', list: 'f-kinds', value: filters.kind, autocomplete: 'off', spellcheck: 'false', placeholder: t('console-filter-any'), dir: 'ltr' });
  const kinds = h('datalist', { id: 'f-kinds' }, KNOWN_KINDS.map((k) => h('option', { value: k })));
  const severity = h('select', { id: 'f-severity' }, h('option', { value: '', text: t('console-filter-any') }), SEVERITIES.map((s) => h('option', { value: s, text: severityLabel(s) })));
  severity.value = filters.severity;
  const gate = h('select', { id: 'f-gate' });
  const fillGates = () => {
    const chosen = gate.value || filters.gate_id;
    gate.replaceChildren(h('option', { value: '', text: t('console-filter-any') }), ...[...gates.values()].map((g) => h('option', { value: g.id, text: g.revoked_at ? t('console-gate-option-revoked', { gate: g.label }) : g.label })));
    if (chosen && !gates.has(chosen)) gate.append(h('option', { value: chosen, text: gateName(chosen) }));
    gate.value = chosen;
  };
  fillGates();
  const pass = h('input', { id: 'f-pass', value: filters.pass_id, autocomplete: 'off', spellcheck: 'false', placeholder: t('console-filter-pass-placeholder'), list: 'f-passes', dir: 'ltr' });
  const passList = h('datalist', { id: 'f-passes' }, [...passLabels].map(([id, label]) => h('option', { value: id, text: label })));
  const since = h('input', { id: 'f-since', type: 'datetime-local', step: '1', value: isoToLocal(filters.since) });
  const until = h('input', { id: 'f-until', type: 'datetime-local', step: '1', value: isoToLocal(filters.until) });

  const form = h(
    'form',
    { class: 'filters', novalidate: true, 'aria-label': t('console-filters') },
    field('f-kind', t('console-filter-kind'), kind), kinds,
    field('f-severity', t('console-filter-severity'), severity),
    field('f-gate', t('console-filter-gate'), gate),
    field('f-pass', t('console-filter-pass'), pass), passList,
    field('f-since', t('console-filter-since'), since),
    field('f-until', t('console-filter-until'), until),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-filter-apply') }), h('button', { type: 'button', class: 'secondary', text: t('console-filter-clear'), onclick: () => (location.hash = '#events') })),
  );
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const next = { kind: kind.value.trim(), severity: severity.value, gate_id: gate.value, pass_id: pass.value.trim(), since: localToIso(since.value), until: localToIso(until.value) };
    const bad = filterProblem(next);
    if (bad) return setError(slot, bad);
    const q = filterQuery(next);
    const target = `#events${q ? `?${q}` : ''}`;
    if (location.hash === target) load(true);
    else location.hash = target;
  });

  const csv = h('a', { class: 'button secondary', href: exportUrl(filters, 'csv'), download: 'tessera-audit.csv', text: t('console-export-csv') });
  const jsonl = h('a', { class: 'button secondary', href: exportUrl(filters, 'jsonl'), download: 'tessera-audit.jsonl', text: t('console-export-jsonl') });
  const summary = h('p', { class: 'muted', role: 'status', text: t('console-loading') });
  const tbody = h('tbody');
  const table = h(
    'table',
    { class: 'events', 'aria-label': t('console-events') },
    headRow(['console-col-time', 'console-col-severity', 'console-col-event', 'console-col-gate', 'console-col-pass']),
    tbody,
  );
  const more = h('button', { type: 'button', class: 'secondary', text: t('console-load-more'), hidden: true });
  let cursor = null;
  let shown = 0;

  const row = (ev) =>
    h(
      'tr',
      { 'data-origin-node-id': originNode(ev) },
      h('td', { class: 'nowrap', text: clock(ev.at) }),
      h('td', {}, sevBadge(ev.severity)),
      h('td', { text: describe(ev, keyLabels, nodeLabels), title: ev.actor ? t('console-actor-title', { name: ev.actor.name, subject: ev.actor.subject, issuer: ev.actor.issuer }) : null }),
      h('td', {}, ev.gate_id ? h('a', { href: `#gate/${ev.gate_id}`, text: gateName(ev.gate_id, ev.gate_label) }) : '—'),
      h('td', {}, ev.pass_id ? h('a', { href: `#pass/${ev.pass_id}`, text: passName(ev.pass_id, ev.pass_label) }) : '—'),
    );

  async function load(fresh) {
    if (fresh) {
      cursor = null;
      shown = 0;
      tbody.replaceChildren();
    }
    more.disabled = true;
    const res = await api('GET', `/v1/audit?${filterQuery(filters, { limit: EVENTS_PAGE, cursor })}`);
    more.disabled = false;
    if (!res.ok || !res.body || !Array.isArray(res.body.events)) {
      summary.textContent = '';
      return setError(slot, problem(res, 'console-action-read-events'));
    }
    setError(slot, null);
    for (const ev of res.body.events) {
      const known = log.byId.get(ev.id);
      tbody.append(row(known || ev));
    }
    shown += res.body.events.length;
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    summary.textContent = t(cursor ? 'console-events-summary-more' : 'console-events-summary', { count: shown });
  }
  more.addEventListener('click', () => load(false));
  load(true);

  const active = Object.entries(filters).filter(([, v]) => v);
  const root = h(
    'section',
    { class: 'events-view' },
    h('h1', { text: t('console-events') }),
    form,
    slot,
    h(
      'div',
      { class: 'events-head' },
      h(
        'p',
        { class: 'active-filters' },
        active.length
          ? t('console-filtered-by', { filters: formatList(active.map(([k, v]) => `${k} = ${k === 'gate_id' ? gateName(v) : k === 'pass_id' ? passName(v) : v}`), { type: 'unit', style: 'long' }) })
          : t('console-all-events'),
      ),
      h('div', { class: 'export' }, csv, jsonl),
    ),
    summary,
    h('div', { class: 'table-wrap' }, table),
    h('p', {}, more),
  );
  return { root, onGates: fillGates };
}
