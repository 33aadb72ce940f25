// The console's Watchlist view (#watchlist, issue 32; security and admins): who is flagged
// or kept out, why and until when; adding and removing entries.

import { clock } from '../model.js';
import { h } from '../../ui.js';
import { formatDate, t } from '../../i18n.js';
import { api, problem, setError } from '../state.js';
import { headRow } from '../parts.js';

/** The watchlist's modes: value → the message explaining it. */
const WATCH_MODES = [
  ['flag', 'console-watch-mode-flag-help'],
  ['block', 'console-watch-mode-block-help'],
];

/** Who an entry names, in words: "Mallory Smith · mallory@example.com · EMP-7". */
function watchWho(entry) {
  return [entry.name, entry.email, entry.external_ref].filter(Boolean).join(' \u00b7 ');
}

/** When a watchlist entry ends: its day (the venue's), "(expired)" once past, or never. */
function watchExpiry(entry) {
  if (!entry.expires_at) return t('console-watch-never');
  const date = formatDate(entry.expires_at, { dateStyle: 'medium' }) || entry.expires_at.slice(0, 10);
  return entry.active ? date : t('console-watch-expired', { date });
}

/**
 * The watchlist (GET/POST /v1/watchlist, DELETE /v1/watchlist/{id}; security and admins):
 * who is flagged or kept out, why, by whom, until when. The matching rules are in
 * docs/protocol.md ("The security team's additions").
 */
export function watchlistView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-watch-loading') });
  const tbody = h('tbody');
  const field = (id, label, control, help) =>
    h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', ...extra });
  const name = input('w-name');
  const email = input('w-email', { type: 'email', spellcheck: 'false', autocapitalize: 'none', 'aria-describedby': 'w-email-help', dir: 'ltr' });
  const reference = input('w-ref', { spellcheck: 'false', autocapitalize: 'none' });
  const reason = input('w-reason', { required: true, maxlength: '1000' });
  const mode = h('select', { id: 'w-mode' }, ...WATCH_MODES.map(([value, label]) => h('option', { value, text: t(label) })));
  const expires = input('w-expires', { type: 'date', 'aria-describedby': 'w-expires-help' });
  const add = h('button', { type: 'submit', text: t('console-watch-add') });
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-watch-form') },
    h('div', { class: 'two' }, field('w-name', t('console-watch-name'), name), field('w-email', t('console-watch-email'), email, t('console-watch-email-help'))),
    h('div', { class: 'two' }, field('w-ref', t('console-watch-reference'), reference), field('w-expires', t('console-watch-expires'), expires, t('console-watch-expires-help'))),
    field('w-reason', t('console-watch-reason'), reason),
    field('w-mode', t('console-watch-mode'), mode),
    add,
  );
  const load = async () => {
    const res = await api('GET', '/v1/watchlist');
    if (!res.ok || !res.body || !Array.isArray(res.body.entries)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-read-watchlist'));
    }
    const entries = res.body.entries;
    status.textContent = entries.length ? t('console-watch-count', { count: entries.length }) : t('console-watch-none');
    tbody.replaceChildren(
      ...entries.map((entry) => {
        const who = watchWho(entry);
        const remove = h('button', {
          type: 'button',
          class: 'secondary small',
          text: t('console-watch-remove'),
          'aria-label': t('console-watch-remove-label', { who }),
          onclick: async () => {
            remove.disabled = true;
            const gone = await api('DELETE', `/v1/watchlist/${encodeURIComponent(entry.id)}`);
            if (!gone.ok && gone.status !== 404) {
              remove.disabled = false;
              return setError(slot, problem(gone, 'console-action-remove-entry'));
            }
            setError(slot, null);
            load();
          },
        });
        return h(
          'tr',
          { class: entry.active ? '' : 'muted' },
          h('td', { 'data-label': t('console-col-person') }, h('bdi', { text: who })),
          h('td', { 'data-label': t('console-col-mode') }, h('span', { class: `state watch-${entry.mode}`, text: t(entry.mode === 'block' ? 'console-watch-mode-block' : 'console-watch-mode-flag') })),
          h('td', { 'data-label': t('console-col-reason'), text: entry.reason }),
          h('td', { 'data-label': t('console-col-added-by'), text: t('console-watch-added', { who: entry.added_by, time: clock(entry.created_at) }) }),
          h('td', { 'data-label': t('console-col-expires'), text: watchExpiry(entry) }),
          h('td', { class: 'nowrap' }, remove),
        );
      }),
    );
  };
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { reason: reason.value.trim(), mode: mode.value };
    if (name.value.trim()) body.name = name.value.trim();
    if (email.value.trim()) body.email = email.value.trim();
    if (reference.value.trim()) body.external_ref = reference.value.trim();
    if (expires.value) body.expires_at = new Date(`${expires.value}T23:59:59`).toISOString();
    if (!body.name && !body.email && !body.external_ref) return setError(slot, t('console-watch-who-missing'));
    if (!body.reason) return setError(slot, t('console-watch-reason-missing'));
    add.disabled = true;
    const res = await api('POST', '/v1/watchlist', body);
    add.disabled = false;
    if (!res.ok) return setError(slot, problem(res, 'console-action-add-watchlist'));
    setError(slot, null);
    form.reset();
    load();
  });
  load();
  const root = h(
    'section',
    { class: 'watchlist-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-watchlist') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-watch-help') }),
    form,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-watchlist') }, headRow(['console-col-person', 'console-col-mode', 'console-col-reason', 'console-col-added-by', 'console-col-expires', '']), tbody)),
  );
  return { root };
}
