// The console's Roll call views (issue 32; security and admins): starting one and the ones
// before (#rollcall), and one roll call live (#rollcall/<id>): who is safe, marking by hand,
// ending it and its report.

import { clock } from '../model.js';
import { personKey, personRef } from '../../people.js';
import { h } from '../../ui.js';
import { current as currentLanguage, formatDate, t } from '../../i18n.js';
import { api, gates, problem, setError } from '../state.js';
import { confirmButton, headRow, tile } from '../parts.js';

/** How often an open roll call is read again, besides each of its events in the feed. */
const ROLL_CALL_REFRESH_MS = 5000;

/**
 * Roll calls (POST/GET /v1/roll-calls; security and admins): start one for everyone, a
 * site or a zone, and the ones before with their counts.
 */
export function rollCallsView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-rc-loading') });
  const tbody = h('tbody');
  const scope = h('select', { id: 'rc-scope' }, h('option', { value: '', text: t('console-rc-scope-everyone') }));
  const start = h('button', { type: 'submit', class: 'danger', text: t('console-rc-start') });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-rc-start-form') },
    h('div', { class: 'field' }, h('label', { for: 'rc-scope', text: t('console-rc-who') }), scope, h('p', { class: 'muted', text: t('console-rc-who-help') })),
    start,
  );
  const fillScopes = async () => {
    const sites = [...new Set([...gates.values()].map((g) => g.site).filter(Boolean))].sort();
    const zones = await api('GET', '/v1/zones');
    const options = [h('option', { value: '', text: t('console-rc-scope-everyone') })];
    for (const site of sites) options.push(h('option', { value: `site:${site}`, text: t('console-rc-scope-site', { site }) }));
    if (zones.ok && zones.body && Array.isArray(zones.body.zones)) for (const z of zones.body.zones) options.push(h('option', { value: `zone:${z.id}`, text: t('console-rc-scope-zone', { zone: z.name }) }));
    const chosen = scope.value;
    scope.replaceChildren(...options);
    scope.value = chosen;
  };
  const load = async () => {
    const res = await api('GET', '/v1/roll-calls');
    if (!res.ok || !res.body || !Array.isArray(res.body.roll_calls)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-read-roll-calls'));
    }
    const list = res.body.roll_calls;
    status.textContent = list.length ? t('console-rc-count', { count: list.length }) : t('console-rc-none');
    tbody.replaceChildren(
      ...list.map((rc) =>
        h(
          'tr',
          { class: rc.active ? 'rc-active' : '' },
          h('td', { 'data-label': t('console-col-started'), text: t('console-rc-started-by', { time: clock(rc.started_at), who: rc.started_by }) }),
          h('td', { 'data-label': t('console-col-who') }, h('a', { href: `#rollcall/${rc.id}`, text: scopeText(rc) })),
          h('td', { 'data-label': t('console-col-safe'), text: t('console-rc-safe-of', { safe: rc.counts.safe, inside: rc.counts.inside }) }),
          h('td', { 'data-label': t('console-col-state') }, h('span', { class: `state ${rc.active ? 'rc-open' : 'rc-ended'}`, text: t(rc.active ? 'console-rc-in-progress' : 'console-rc-ended') })),
        ),
      ),
    );
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const [kind, value] = scope.value ? [scope.value.slice(0, 4), scope.value.slice(5)] : ['', ''];
    const body = kind === 'site' ? { site: value } : kind === 'zone' ? { zone_id: value } : {};
    start.disabled = true;
    const res = await api('POST', '/v1/roll-calls', body);
    start.disabled = false;
    if (!res.ok || !res.body || !res.body.id) return setError(slot, problem(res, 'console-action-start-roll-call'));
    setError(slot, null);
    location.hash = `#rollcall/${res.body.id}`;
  });
  fillScopes();
  load();
  const root = h(
    'section',
    { class: 'rollcalls-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-rollcall') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-rc-help') }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-rc-table') }, headRow(['console-col-started', 'console-col-who', 'console-col-safe', 'console-col-state']), tbody)),
  );
  return { root, onEvent: (ev) => ev.kind && ev.kind.startsWith('roll_call_') && load(), onGates: fillScopes };
}

/** What a roll call covers, in words: the server's own words are English ("Site North"). */
function scopeText(rc) {
  if (rc.site) return t('console-rc-scope-site', { site: rc.site });
  if (rc.zone_id) return t('console-rc-scope-zone', { zone: String(rc.scope || '').replace(/^Zone /, '') });
  return t('console-rc-scope-all');
}

/** A roll call's filter: value → the message naming it. */
const RC_FILTERS = [
  ['all', 'console-rc-filter-all'],
  ['unaccounted', 'console-rc-unaccounted'],
  ['safe', 'console-rc-safe'],
];

/**
 * One roll call, live: inside, safe, unaccounted, and who marked whom where and how. Read
 * again on each of its events in the feed (any replica) and every few seconds; prints on
 * one column of A4 or Letter; downloads as CSV; ended with its report to the audit log.
 */
export function rollCallView(id, query) {
  const slot = h('div', { class: 'error-slot' });
  const title = h('h1', { text: t('console-rollcall') });
  const meta = h('p', { class: 'rc-meta' });
  const counts = h('div', { class: 'tiles rc-counts', id: 'rc-counts', role: 'status', 'aria-live': 'polite' });
  const tbody = h('tbody');
  const filter = h('select', { id: 'rc-filter' }, ...RC_FILTERS.map(([value, label]) => h('option', { value, text: t(label) })));
  filter.value = RC_FILTERS.some(([v]) => v === query.get('show')) ? query.get('show') : 'all';
  const actions = h('div', { class: 'rc-actions' });
  const printed = h('p', { class: 'print-only rc-printed' });
  let current = null;
  let loading = false;
  let again = false;
  const csv = h('button', {
    type: 'button',
    class: 'secondary',
    text: t('console-rc-download-csv'),
    onclick: async () => {
      try {
        const res = await fetch(`/v1/roll-calls/${encodeURIComponent(id)}/csv`, { credentials: 'same-origin', cache: 'no-store', referrerPolicy: 'no-referrer' });
        if (!res.ok) return setError(slot, t('console-rc-export-failed', { status: String(res.status) }));
        const url = URL.createObjectURL(await res.blob());
        const a = h('a', { href: url, download: `roll-call-${id}.csv` });
        document.body.append(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 10_000);
      } catch {
        setError(slot, t('console-rc-export-network'));
      }
    },
  });
  const print = h('button', { type: 'button', class: 'secondary', text: t('console-rc-print'), onclick: () => window.print() });
  const markSafe = async (person, button) => {
    button.disabled = true;
    const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/marks`, { mark_id: crypto.randomUUID(), ...personRef(person) });
    if (!res.ok) {
      button.disabled = false;
      return setError(slot, problem(res, 'console-action-mark-safe', { name: person.label }));
    }
    setError(slot, null);
    load();
  };
  const end = confirmButton(t('console-rc-end'), t('console-rc-end-confirm'), async () => {
    const res = await api('POST', `/v1/roll-calls/${encodeURIComponent(id)}/end`);
    if (!res.ok && res.status !== 409) return setError(slot, problem(res, 'console-action-end-roll-call'));
    setError(slot, null);
    await load();
  });
  const render = () => {
    const rc = current;
    if (!rc) return;
    title.textContent = t('console-rc-title', { scope: scopeText(rc) });
    const started = { time: clock(rc.started_at), who: rc.started_by };
    meta.textContent = rc.active
      ? t('console-rc-meta-active', started)
      : t('console-rc-meta-ended', { ...started, endTime: clock(rc.ended_at), endWho: rc.ended_by || '' });
    counts.replaceChildren(tile(t('console-rc-inside'), rc.counts.inside), tile(t('console-rc-safe'), rc.counts.safe), tile(t('console-rc-unaccounted'), rc.counts.unaccounted));
    printed.textContent = t('console-rc-printed', { time: formatDate(Date.now()), unaccounted: rc.counts.unaccounted, inside: rc.counts.inside });
    // The buttons stay the same elements across live redraws: an officer who pressed End
    // keeps the confirmation (and the focus on it) while marks keep coming in.
    if (!actions.contains(print)) actions.replaceChildren(print, csv);
    if (rc.active && !actions.contains(end)) actions.append(end);
    if (!rc.active) end.remove();
    const show = filter.value;
    const people = [...rc.people].sort((a, b) => Number(a.safe) - Number(b.safe) || a.label.localeCompare(b.label, currentLanguage()));
    const shown = people.filter((p) => show === 'all' || (show === 'safe') === p.safe);
    tbody.replaceChildren(
      ...shown.map((p) => {
        const button = rc.active && !p.safe ? h('button', { type: 'button', class: 'secondary small', text: t('console-rc-mark-safe'), 'aria-label': t('console-rc-mark-safe-label', { name: p.label }) }) : null;
        if (button) button.addEventListener('click', () => markSafe(p, button));
        const row = h(
          'tr',
          { class: p.safe ? 'rc-safe' : 'rc-missing' },
          h('td', { 'data-label': t('console-col-name') }, h('bdi', { text: p.label }), p.walk_in_id ? h('span', { class: 'muted', text: ` ${t('console-rc-walk-in')}` }) : null),
          h('td', { 'data-label': t('console-col-status') }, h('span', { class: `state ${p.safe ? 'rc-safe-state' : 'rc-missing-state'}`, text: t(p.safe ? 'console-rc-safe' : 'console-rc-unaccounted') })),
          h('td', { 'data-label': t('console-col-last-seen'), text: p.last_seen }),
          h('td', { 'data-label': t('console-col-marked-by'), text: p.safe ? t(p.how === 'manual' ? 'console-rc-marked-by-hand' : 'console-rc-marked-by-scan', { who: p.marked_by || '' }) : '' }),
          h('td', { 'data-label': t('console-col-where'), text: p.marked_where || '' }),
          h('td', { 'data-label': t('console-col-when'), class: 'nowrap', text: p.marked_at ? clock(p.marked_at) : '' }),
          h('td', { class: 'nowrap no-print' }, button),
        );
        row.dataset.person = personKey(p);
        if (p.pass_id) row.dataset.passId = p.pass_id;
        row.dataset.state = p.safe ? 'safe' : 'unaccounted';
        return row;
      }),
      ...(shown.length ? [] : [h('tr', {}, h('td', { colspan: '7', class: 'muted', text: t(rc.people.length ? 'console-rc-nobody-here' : 'console-rc-nobody-inside') }))]),
    );
  };
  // One read at a time; an event arriving meanwhile reads once more after it.
  const load = async () => {
    if (loading) {
      again = true;
      return;
    }
    loading = true;
    try {
      const res = await api('GET', `/v1/roll-calls/${encodeURIComponent(id)}`);
      if (res.status === 404) return setError(slot, t('console-rc-not-found'));
      if (!res.ok || !res.body || !Array.isArray(res.body.people)) return setError(slot, problem(res, 'console-action-read-roll-call'));
      current = res.body;
      render();
    } finally {
      loading = false;
      if (again) {
        again = false;
        load();
      }
    }
  };
  filter.addEventListener('change', () => {
    history.replaceState(null, '', `#rollcall/${id}${filter.value === 'all' ? '' : `?show=${filter.value}`}`);
    render();
  });
  const timer = setInterval(() => current && current.active && load(), ROLL_CALL_REFRESH_MS);
  load();
  const root = h(
    'section',
    { class: 'rollcall-view' },
    h('p', { class: 'no-print' }, h('a', { href: '#rollcall', text: t('console-back-rollcalls') })),
    h('div', { class: 'view-head' }, title, actions),
    meta,
    printed,
    counts,
    slot,
    h('div', { class: 'field inline-field no-print' }, h('label', { for: 'rc-filter', text: t('console-show') }), filter),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'events rc-table', 'aria-label': t('console-rc-people') },
        headRow(['console-col-name', 'console-col-status', 'console-col-last-seen', 'console-col-marked-by', 'console-col-where', 'console-col-when', ['', 'no-print']]),
        tbody,
      ),
    ),
  );
  return {
    root,
    onEvent: (ev) => {
      if (ev.details && ev.details.roll_call_id === id) load();
    },
    reroute: (parsed) => parsed.name === 'rollcall' && parsed.id === id,
    teardown: () => clearInterval(timer),
  };
}
