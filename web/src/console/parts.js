// Pieces of the security console's page that more than one view uses: table headers,
// severity badges, a pass's live timeline, tiles, the ask-once-more button, a field to copy
// from, and a gate's pairing link.

import { SEVERITIES, clock, describe, filterQuery, originNode, severityLabel } from './model.js';
import { qrSvg } from '../qr.js';
import { h } from '../ui.js';
import { formatNumber, t } from '../i18n.js';
import { api, gateName, keyLabels, log, nodeLabels, problem, setError } from './state.js';

const TIMELINE_PAGES = 10; // × 1000 events

/** A table's header row: each column's message id ('' for an unnamed column), or [id, class]. */
export function headRow(columns) {
  return h(
    'thead',
    {},
    h('tr', {}, columns.map((column) => {
      const [id, cls] = Array.isArray(column) ? column : [column];
      return h('th', { scope: 'col', class: cls || null, text: id ? t(id) : '' });
    })),
  );
}

export function sevBadge(severity) {
  return h('span', { class: `sev sev-${SEVERITIES.includes(severity) ? severity : 'info'}`, text: severityLabel(severity || 'info') });
}

export function timelineItem(ev, highlight, showGate = true) {
  const d = ev.details || {};
  return h(
    'li',
    { class: `tl-item sev-line-${ev.severity || 'info'}${highlight ? ' tl-highlight' : ''}`, 'data-origin-node-id': originNode(ev) },
    h('span', { class: 'tl-time', text: clock(ev.at) }),
    h('span', { class: 'tl-what' }, sevBadge(ev.severity), ' ', describe(ev, keyLabels, nodeLabels)),
    !showGate ? null : ev.gate_id ? h('span', { class: 'tl-gate', text: gateName(ev.gate_id, ev.gate_label) }) : h('span', { class: 'tl-gate muted', text: '—' }),
    d.challenge_gate_id && d.challenge_gate_id !== ev.gate_id ? h('span', { class: 'tl-note muted', text: t('console-tl-challenge-to', { gate: gateName(d.challenge_gate_id) }) }) : null,
  );
}

/** Every audit event of a pass (`GET /v1/audit?pass_id=`), oldest first, all pages up to a bound. */
async function passEvents(passId) {
  const out = [];
  let cursor = null;
  for (let i = 0; i < TIMELINE_PAGES; i++) {
    const res = await api('GET', `/v1/audit?${filterQuery({ pass_id: passId }, { limit: 1000, cursor })}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.events)) return { error: problem(res, 'console-action-read-pass-events'), events: out };
    out.push(...res.body.events);
    cursor = res.body.next_cursor;
    if (!cursor) break;
  }
  return { events: out };
}

/** A live timeline of a pass: loaded once, then fed from the stream. */
export function timeline(passId, highlightId) {
  const list = h('ol', { class: 'timeline', 'aria-label': t('console-timeline') });
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-timeline-loading') });
  const seen = new Set();
  const add = (ev) => {
    if (seen.has(ev.id)) return;
    seen.add(ev.id);
    const item = timelineItem(ev, ev.id === highlightId);
    item.dataset.id = String(ev.id);
    // Oldest first: insert before the first item with a larger id.
    const after = [...list.children].find((li) => Number(li.dataset.id) > ev.id);
    list.insertBefore(item, after || null);
  };
  const load = async () => {
    const { events, error } = await passEvents(passId);
    const labelled = new Map(log.newest((e) => e.pass_id === passId).map((e) => [e.id, e]));
    for (const ev of events) add(labelled.get(ev.id) || ev);
    for (const ev of labelled.values()) add(ev);
    setError(slot, error || null);
    // The alarm's own event in view, inside its scrolling pane.
    const mark = list.querySelector('.tl-highlight');
    if (mark && matchMedia('(min-width: 800px)').matches) mark.scrollIntoView({ block: 'nearest' });
    status.textContent = t('console-timeline-count', { count: seen.size });
  };
  load();
  return { root: h('div', { class: 'timeline-wrap' }, status, slot, list), onEvent: (ev) => ev.pass_id === passId && add(ev) };
}

export function tile(label, value) {
  return h('div', { class: 'tile' }, h('span', { class: 'tile-value', text: typeof value === 'number' ? formatNumber(value) : String(value) }), h('span', { class: 'tile-label', text: label }));
}

/**
 * A button that asks once more before `action` runs. `name` and `confirmName`, when given,
 * are the two buttons' accessible names (each starting with its visible words), for a
 * button repeated on every row of a table ("Reclaim lease: North stand PC").
 */
export function confirmButton(label, confirmLabel, action, { name, confirmName, cls = 'danger' } = {}) {
  const wrap = h('span', { class: 'confirm' });
  const first = h('button', { type: 'button', class: cls, text: label, 'aria-label': name });
  first.addEventListener('click', () => {
    const yes = h('button', { type: 'button', class: 'danger strong', text: confirmLabel, 'aria-label': confirmName });
    const no = h('button', { type: 'button', class: 'secondary', text: t('console-cancel') });
    yes.addEventListener('click', async () => {
      yes.disabled = true;
      no.disabled = true;
      await action();
      wrap.replaceChildren(first);
    });
    no.addEventListener('click', () => {
      wrap.replaceChildren(first);
      first.focus();
    });
    wrap.replaceChildren(yes, no);
    yes.focus();
  });
  wrap.append(first);
  return wrap;
}

export async function pairGate(id, box, slot) {
  const res = await api('POST', `/v1/gates/${id}/pairing`);
  if (!res.ok || !res.body || !res.body.pairing_url) return setError(slot, problem(res, 'console-action-pair'));
  setError(slot, null);
  box.replaceChildren(
    h(
      'div',
      { class: 'card qr-card' },
      qrSvg(res.body.pairing_url, t('console-pair-qr')),
      h(
        'div',
        {},
        h('h3', { text: t('console-pair-title') }),
        h('p', { text: t('console-pair-help', { until: clock(res.body.expires_at) }) }),
        copyField(t('console-pair-link'), res.body.pairing_url),
      ),
    ),
  );
}

let copyFieldCount = 0;

export function copyField(label, value) {
  const id = `copy-${++copyFieldCount}`;
  const input = h('input', { id, readonly: true, value, class: 'copy-input', spellcheck: 'false', dir: 'ltr' });
  const note = h('span', { class: 'muted', role: 'status' });
  const copy = h('button', {
    type: 'button',
    class: 'secondary small',
    text: t('console-copy'),
    onclick: async () => {
      try {
        await navigator.clipboard.writeText(value);
        note.textContent = t('console-copied');
      } catch {
        input.select();
        note.textContent = t('console-copy-selected');
      }
    },
  });
  return h('div', { class: 'field copy-field' }, h('label', { for: id, text: label }), h('div', { class: 'copy-row' }, input, copy), note);
}
