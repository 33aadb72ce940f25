// The console's Passes views: the passes (#passes) and one pass (#pass/<id>) with its
// timeline, and for admins revoking it.

import { clock, filterQuery, isUuid } from '../model.js';
import { h } from '../../ui.js';
import { formatNumber, t } from '../../i18n.js';
import { api, gateName, isAdmin, passLabels, passName, problem, setError, ui } from '../state.js';
import { confirmButton, headRow, timeline } from '../parts.js';

export function passesView() {
  const tbody = h('tbody');
  const slot = h('div', { class: 'error-slot' });
  const more = h('button', { type: 'button', class: 'secondary', text: t('console-load-more'), hidden: true });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-passes-loading') });
  let cursor = null;
  let count = 0;
  const load = async () => {
    more.disabled = true;
    const res = await api('GET', `/v1/passes?${new URLSearchParams(cursor ? { limit: '50', cursor } : { limit: '50' })}`);
    more.disabled = false;
    if (!res.ok || !res.body || !Array.isArray(res.body.passes)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-list-passes'));
    }
    for (const p of res.body.passes) {
      passLabels.set(p.pass_id, p.label);
      count++;
      tbody.append(
        h(
          'tr',
          {},
          h('td', {}, h('a', { href: `#pass/${p.pass_id}`, text: p.label })),
          h('td', {}, h('span', { class: `state state-${p.state}`, text: t('console-pass-state', { state: String(p.state) }) })),
          h('td', { class: 'num', text: `${formatNumber(p.uses)}/${formatNumber(p.max_uses)}` }),
          h('td', { text: p.site || '—' }),
          h('td', { class: 'nowrap', text: clock(p.valid_until) }),
        ),
      );
    }
    cursor = res.body.next_cursor || null;
    more.hidden = !cursor;
    status.textContent = t('console-passes-count', { count });
  };
  more.addEventListener('click', load);
  load();
  const idInput = h('input', { id: 'open-pass', autocomplete: 'off', spellcheck: 'false', placeholder: '0190…', dir: 'ltr' });
  const openForm = h('form', { class: 'inline-form', novalidate: true }, h('div', { class: 'field' }, h('label', { for: 'open-pass', text: t('console-open-pass-label') }), h('div', { class: 'copy-row' }, idInput, h('button', { type: 'submit', class: 'secondary small', text: t('console-open') }))));
  openForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const v = idInput.value.trim();
    if (!isUuid(v)) return setError(slot, t('console-open-pass-invalid'));
    location.hash = `#pass/${v.toLowerCase()}`;
  });
  const root = h(
    'section',
    { class: 'passes-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-passes') }), isAdmin() ? h('a', { class: 'button secondary', href: '#admin', text: t('console-issue-pass') }) : null),
    openForm,
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-passes') }, headRow(['console-col-pass', 'console-col-state', 'console-col-uses', 'console-col-site', 'console-col-valid-until']), tbody)),
    h('p', {}, more),
  );
  return { root };
}

export function passView(id) {
  const slot = h('div', { class: 'error-slot' });
  const head = h('div', {}, h('h1', { text: passName(id) }));
  const facts = h('div');
  const admissions = h('div');
  const adminBox = h('div', { class: 'admin-actions' });
  const tl = timeline(id, null);

  const load = async () => {
    const res = await api('GET', `/v1/passes/${id}`);
    if (!ui) return;
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-read-pass'));
    setError(slot, null);
    const p = res.body;
    passLabels.set(id, p.label);
    head.replaceChildren(h('h1', {}, h('bdi', { text: p.label }), ' ', h('span', { class: `state state-${p.state}`, text: t('console-pass-state', { state: String(p.state) }) })));
    facts.replaceChildren(
      h(
        'dl',
        { class: 'facts' },
        h('dt', { text: t('console-pass-uses') }), h('dd', { text: t('console-pass-uses-of', { uses: p.uses, max: p.max_uses }) }),
        h('dt', { text: t('console-pass-site') }), h('dd', { text: p.site || t('console-pass-any-gate') }),
        h('dt', { text: t('console-pass-valid') }), h('dd', { text: `${clock(p.valid_from)} – ${clock(p.valid_until)}` }),
        h('dt', { text: t('console-pass-issued') }), h('dd', { text: clock(p.created_at) }),
        h('dt', { text: t('console-pass-in-wallet') }), h('dd', { text: p.claimed_at ? t('console-pass-since', { time: clock(p.claimed_at) }) : t('console-pass-not-yet') }),
        h('dt', { text: t('console-pass-id') }), h('dd', {}, h('code', { dir: 'ltr', text: p.pass_id })),
      ),
    );
    const list = Array.isArray(p.admissions) ? p.admissions : [];
    admissions.replaceChildren(
      h('h2', { text: t('console-admissions-heading', { count: list.length }) }),
      list.length
        ? h('ol', { class: 'admissions' }, list.map((a) => h('li', {}, h('span', { class: 'tl-time', text: clock(a.at) }), ' ', t('console-admission-at'), ' ', h('a', { href: `#gate/${a.gate_id}`, text: gateName(a.gate_id) }))))
        : h('p', { class: 'muted', text: t('console-admissions-none') }),
    );
    adminBox.replaceChildren(
      isAdmin() && p.state !== 'revoked'
        ? h('div', { class: 'actions' }, confirmButton(t('console-pass-revoke'), t('console-pass-revoke-confirm'), async () => {
            const r = await api('POST', `/v1/passes/${id}/revoke`);
            if (!r.ok) return setError(slot, problem(r, 'console-action-revoke-pass'));
            await load();
          }))
        : '',
    );
  };
  load();
  const root = h(
    'section',
    { class: 'pass-view' },
    h('p', { class: 'crumbs' }, h('a', { href: '#passes', text: t('console-back-passes') })),
    head,
    slot,
    h(
      'div',
      { class: 'gate-grid' },
      h('div', { class: 'card panel' }, facts, admissions, adminBox),
      h('div', { class: 'card panel' }, h('h2', { text: t('console-pass-attempts') }), h('p', {}, h('a', { href: `#events?${filterQuery({ pass_id: id })}`, text: t('console-pass-in-event-log') })), tl.root),
    ),
  );
  return { root, onEvent: tl.onEvent, onGates: () => {} };
}
