// The console's Alarms view (#alarms, #alarms/<id>): the high-severity events and their
// handling (issue 32): the list with its filter, one alarm's facts and timeline, and for
// security and admins acknowledge, assign and resolve.

import { ALARM_FILTERS, ALARM_OUTCOMES, alarmName, alarmShown, alarmState, alarmStateText, clock, nodeFaultReasons, orderAlarms, originNode } from '../model.js';
import { ago, reasonWords } from '../../words.js';
import { h } from '../../ui.js';
import { formatNumber, t } from '../../i18n.js';
import { alarmHandling, alarms, alarmsLoaded, api, gateName, gates, handlesAlarms, log, nameOf, nodeLabelsVersion, nodeName, passName, problem, queueRender, refreshAlarm, session, setError, ui, view } from '../state.js';
import { sevBadge, timeline } from '../parts.js';

/** Where an alarm happened, in words: "at North gate B (challenge of North gate A)". */
function alarmWhere(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  const origin = originNode(ev);
  if (origin) return ev.gate_id ? t('console-alarm-at-from-node', { gate: gateName(ev.gate_id, ev.gate_label), node: nodeName(origin) }) : t('console-alarm-from-node', { node: nodeName(origin) });
  if (!ev.gate_id && d.node_id && String(ev.kind).startsWith('site_')) return t('console-alarm-node', { node: nodeName(d.node_id) });
  if (!ev.gate_id) {
    if (name === 'auth_failure' && d.source) return t('console-alarm-from', { source: String(d.source) });
    return t('console-alarm-no-gate');
  }
  return t('console-alarm-at', { gate: gateName(ev.gate_id, ev.gate_label) });
}

/** The other gate an alarm involves (the alarm's row names only the gate where it happened). */
function alarmOtherGate(ev) {
  const name = alarmName(ev);
  const d = ev.details || {};
  if (name === 'foreign_nonce' && d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id) return [t('console-alarm-challenge-of'), gateName(d.challenge_gate_id)];
  if (name === 'code_replayed' && d.first_gate_id && d.first_gate_id !== ev.gate_id) return [t('console-alarm-first-used-at'), gateName(d.first_gate_id)];
  return null;
}

/** What each alarm means: alarm name → its message. */
const ALARM_WORDS = {
  foreign_nonce: 'console-alarm-about-foreign-nonce',
  code_replayed: 'console-alarm-about-code-replayed',
  challenge_burned: 'console-alarm-about-challenge-burned',
  claim_conflict: 'console-alarm-about-claim-conflict',
  watchlist_hit: 'console-alarm-about-watchlist-hit',
  auth_failure: 'console-alarm-about-auth-failure',
  site_node_fault: 'console-alarm-about-site-node-fault',
};

function alarmRow(ev, selected) {
  const name = nameOf(ev);
  const handling = alarmHandling.get(ev.id);
  const state = alarmState(handling);
  const label = ev.pass_id ? passName(ev.pass_id, ev.pass_label) : t('console-alarm-no-pass');
  const button = h(
    'button',
    { type: 'button', class: 'alarm-button', 'aria-pressed': selected ? 'true' : 'false', onclick: () => (location.hash = `#alarms/${ev.id}${location.hash.includes('?') ? `?${location.hash.split('?')[1]}` : ''}`) },
    h('span', { class: 'alarm-top' }, h('span', { class: 'alarm-reason', dir: 'ltr', text: name }), sevBadge(ev.severity), h('span', { class: 'alarm-time', text: clock(ev.at) })),
    h('span', { class: 'alarm-pass', text: label }),
    h('span', { class: 'alarm-gate', text: alarmWhere(ev) }),
    h('span', { class: `alarm-state alarm-state-${state}`, text: alarmStateText(handling) }),
  );
  const li = h('li', { class: `alarm alarm-${ev.severity || 'info'} alarm-${state}${selected ? ' selected' : ''}` }, button);
  li.dataset.id = String(ev.id);
  li.dataset.alarmId = String(ev.id);
  li.dataset.state = state;
  return li;
}

/**
 * The acknowledge, assign and resolve controls of one alarm, for security and admins.
 * `report(text)` shows what went wrong (null: nothing); the view keeps it across redraws,
 * since another console's change may redraw the pane before this one's answer arrives.
 */
function alarmActions(ev, onDone, report) {
  const handling = alarmHandling.get(ev.id);
  const state = alarmState(handling);
  const done = async (res, what) => {
    if (res.ok && res.body) {
      report(null);
      alarmHandling.set(ev.id, res.body);
      onDone();
      return;
    }
    if (res.status === 409 && (res.code === 'already_acknowledged' || res.code === 'already_resolved')) {
      // Someone was first: the alarm read again names them (the server's sentence is not shown).
      const again = await api('GET', `/v1/alarms/${ev.id}`);
      const now = again.ok && again.body ? again.body : null;
      const who = now && (res.code === 'already_acknowledged' ? now.acknowledged_by : now.resolved_by);
      const id = res.code === 'already_acknowledged' ? 'console-alarm-already-acknowledged' : 'console-alarm-already-resolved';
      report(who ? t(`${id}-by`, { name: who }) : t(id));
      if (now && ui) {
        alarmHandling.set(ev.id, now);
        if (now.event) log.add(now.event);
        queueRender();
        if (view && view.onAlarm) view.onAlarm(ev.id);
      }
      return;
    }
    report(problem(res, what));
    refreshAlarm(ev.id);
  };
  if (state === 'resolved') return null;
  const me = session.person ? session.person.name : session.label || '';
  const parts = [];
  if (state === 'open') {
    const ack = h('button', { type: 'button', text: t('console-alarm-acknowledge') });
    ack.addEventListener('click', async () => {
      ack.disabled = true;
      await done(await api('POST', `/v1/alarms/${ev.id}/acknowledge`), 'console-action-acknowledge');
      ack.disabled = false;
    });
    parts.push(h('div', { class: 'alarm-action' }, ack));
  }
  const assignee = h('input', { id: `alarm-assignee-${ev.id}`, autocomplete: 'off', value: (handling && handling.assignee) || me });
  const assign = h('button', { type: 'submit', class: 'secondary', text: t('console-alarm-assign') });
  const assignForm = h('form', { class: 'alarm-action inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: assignee.id, text: t('console-alarm-assign-to') }), assignee), assign);
  assignForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const who = assignee.value.trim();
    assign.disabled = true;
    await done(await api('POST', `/v1/alarms/${ev.id}/assign`, { assignee: who || null }), 'console-action-assign');
    assign.disabled = false;
  });
  parts.push(assignForm);
  const outcome = h('select', { id: `alarm-outcome-${ev.id}` }, ...ALARM_OUTCOMES.map(([value, words]) => h('option', { value, text: words })));
  const note = h('input', { id: `alarm-note-${ev.id}`, autocomplete: 'off', maxlength: '2000' });
  const resolve = h('button', { type: 'submit', text: t('console-alarm-resolve') });
  const resolveForm = h(
    'form',
    { class: 'alarm-action resolve-form', novalidate: true },
    h('div', { class: 'two' }, h('div', { class: 'field' }, h('label', { for: outcome.id, text: t('console-alarm-outcome') }), outcome), h('div', { class: 'field' }, h('label', { for: note.id, text: t('console-alarm-note') }), note)),
    resolve,
  );
  resolveForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { outcome: outcome.value };
    if (note.value.trim()) body.note = note.value.trim();
    resolve.disabled = true;
    await done(await api('POST', `/v1/alarms/${ev.id}/resolve`, body), 'console-action-resolve');
    resolve.disabled = false;
  });
  parts.push(resolveForm);
  return h('div', { class: 'alarm-actions' }, ...parts);
}

export function alarmsView(selectedId, query = new URLSearchParams()) {
  let filter = ALARM_FILTERS.some(([v]) => v === query.get('state')) ? query.get('state') : 'active';
  const list = h('ul', { class: 'alarm-list', 'aria-label': t('console-alarms') });
  const empty = h('p', { class: 'empty muted', text: '' });
  const count = h('span', { class: 'h-count', text: '' });
  const detail = h('div', { class: 'detail' });
  const select = h('select', { id: 'alarms-filter' }, ...ALARM_FILTERS.map(([value, words]) => h('option', { value, text: words })));
  select.value = filter;
  const rows = new Map(); // id → li
  let drawn = '';
  let tl = null;
  // What went wrong with the shown alarm's last action (its id and the words).
  let problemOf = { id: null, text: null };
  const alertSlot = h('div', { class: 'error-slot alarm-alert' });
  const report = (id) => (text) => {
    problemOf = { id, text };
    setError(alertSlot, text);
  };

  const showDetail = () => {
    const ev = selectedId !== null ? log.byId.get(selectedId) : null;
    tl = null;
    if (!ev) {
      detail.replaceChildren(h('h2', { text: t('console-timeline') }), h('p', { class: 'muted', text: selectedId !== null ? t('console-alarm-gone') : t('console-alarm-choose') }));
      return;
    }
    const name = nameOf(ev);
    const d = ev.details || {};
    const other = alarmOtherGate(ev);
    const handling = alarmHandling.get(ev.id);
    const facts = h(
      'dl',
      { class: 'facts' },
      h('dt', { text: t('console-alarm-fact-alarm') }), h('dd', {}, h('code', { dir: 'ltr', text: name }), ALARM_WORDS[name] ? ` — ${t(ALARM_WORDS[name])}` : ''),
      h('dt', { text: t('console-alarm-fact-state') }), h('dd', { class: 'alarm-state-now', text: alarmStateText(handling) }),
      handling && handling.assignee ? [h('dt', { text: t('console-alarm-fact-assigned-to') }), h('dd', {}, h('bdi', { text: handling.assignee }))] : null,
      handling && handling.note ? [h('dt', { text: t('console-alarm-note') }), h('dd', { text: handling.note })] : null,
      h('dt', { text: t('console-alarm-fact-when') }), h('dd', { text: `${clock(ev.at)} (${ago(Date.now(), Date.parse(ev.at))})` }),
      h('dt', { text: t('console-alarm-fact-where') }), h('dd', { text: alarmWhere(ev) }),
      originNode(ev) ? [h('dt', { text: t('console-alarm-fact-shipped-by') }), h('dd', {}, h('bdi', { text: nodeName(originNode(ev)) }))] : null,
      ev.kind === 'site_node_fault' && d.node_id ? [h('dt', { text: t('console-alarm-fact-node') }), h('dd', {}, h('a', { href: '#nodes', text: nodeName(d.node_id) }))] : null,
      ev.kind === 'site_node_fault' && nodeFaultReasons(d) ? [h('dt', { text: t('console-alarm-fact-refused') }), h('dd', { text: nodeFaultReasons(d) })] : null,
      other ? [h('dt', { text: other[0] }), h('dd', { text: other[1] })] : null,
      ev.pass_id ? [h('dt', { text: t('console-alarm-fact-pass') }), h('dd', {}, h('a', { href: `#pass/${ev.pass_id}`, text: passName(ev.pass_id, ev.pass_label) }))] : null,
      d.reason && d.reason !== name ? [h('dt', { text: t('console-alarm-fact-reason') }), h('dd', {}, h('code', { dir: 'ltr', text: d.reason }), `: ${reasonWords(d.reason)}`)] : null,
    );
    setError(alertSlot, problemOf.id === ev.id ? problemOf.text : null);
    const section = h(
      'section',
      { class: 'alarm-handling', 'aria-labelledby': `alarm-h-${ev.id}` },
      h('h2', { id: `alarm-h-${ev.id}`, text: t('console-alarm-heading', { id: String(ev.id) }) }),
      facts,
      alertSlot,
      handlesAlarms() ? alarmActions(ev, () => { update(); showDetail(); }, report(ev.id)) : null,
    );
    const parts = [section];
    if (ev.pass_id) {
      tl = timeline(ev.pass_id, ev.id);
      parts.push(h('h2', { text: t('console-timeline-of', { pass: passName(ev.pass_id, ev.pass_label) }) }), tl.root);
    } else {
      parts.push(h('pre', { class: 'details', dir: 'ltr', text: JSON.stringify(d, null, 2) }));
    }
    detail.replaceChildren(...parts);
  };

  function update() {
    const handlingOf = (id) => alarmHandling.get(id);
    const shown = alarmsLoaded ? orderAlarms(alarms(), handlingOf).filter((ev) => alarmShown(alarmState(handlingOf(ev.id)), filter)) : [];
    count.textContent = shown.length ? formatNumber(shown.length) : '';
    empty.hidden = shown.length > 0;
    empty.textContent = !alarmsLoaded
      ? t('console-alarms-loading')
      : filter === 'active'
      ? t('console-alarms-none-open')
      : t('console-alarms-none');
    // Redrawn only when the order or a state changed, so the list keeps its scroll position.
    const signature = shown
      .map((ev) => `${ev.id}:${alarmState(handlingOf(ev.id))}:${(handlingOf(ev.id) || {}).version || 0}:${ev.pass_label || ''}:${ev.gate_label || ''}`)
      .join(',') + `@${nodeLabelsVersion}`;
    if (signature === drawn) return;
    drawn = signature;
    rows.clear();
    list.replaceChildren(
      ...shown.map((ev) => {
        const li = alarmRow(ev, ev.id === selectedId);
        rows.set(ev.id, li);
        return li;
      }),
    );
  }
  // Rows name gates; redraw them when a gate's label changed.
  const labels = () => [...gates.values()].map((g) => `${g.id}=${g.label}`).join('\n');
  let drawnWith = labels();
  const rebuild = () => {
    if (labels() === drawnWith) return;
    drawnWith = labels();
    drawn = '';
    update();
  };
  select.addEventListener('change', () => {
    filter = select.value;
    const at = selectedId !== null ? `/${selectedId}` : '';
    history.replaceState(null, '', `#alarms${at}${filter === 'active' ? '' : `?state=${filter}`}`);
    drawn = '';
    update();
  });

  showDetail();
  const back = h('p', { class: 'crumbs back-to-list' }, h('a', { href: '#alarms', text: t('console-back-alarms') }));
  const root = h(
    'section',
    { class: `split alarms-view${selectedId !== null ? ' has-detail' : ''}` },
    h('div', { class: 'pane list-pane' }, h('h1', {}, t('console-alarms'), ' ', count), h('div', { class: 'field alarms-filter' }, h('label', { for: 'alarms-filter', text: t('console-show') }), select), empty, list),
    h('div', { class: 'pane detail-pane' }, back, detail),
  );
  // Choosing another alarm keeps the list (and its scroll position) as it is.
  const choose = (id) => {
    selectedId = id;
    root.classList.toggle('has-detail', selectedId !== null);
    for (const [rid, li] of rows) {
      const on = rid === selectedId;
      li.classList.toggle('selected', on);
      li.firstChild.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    showDetail();
    const heading = detail.querySelector('h2');
    if (heading && selectedId !== null) {
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      if (matchMedia('(max-width: 799px)').matches) root.scrollIntoView({ block: 'start' });
    }
  };
  return {
    name: 'alarms',
    reroute: (r) => {
      if (r.name !== 'alarms') return false;
      const wanted = ALARM_FILTERS.some(([v]) => v === r.query.get('state')) ? r.query.get('state') : 'active';
      if (wanted !== filter) {
        filter = wanted;
        select.value = filter;
        drawn = '';
        update();
      }
      choose(r.id ? Number(r.id) : null);
      return true;
    },
    root,
    update,
    onGates: rebuild,
    onAlarm: (id) => {
      if (id === selectedId) showDetail();
    },
    onEvent: (ev) => {
      if (tl) tl.onEvent(ev);
      if (selectedId !== null && ev.id === selectedId && !tl) showDetail();
    },
  };
}
