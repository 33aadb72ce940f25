// The console's Mail view (#messages, issue 31): mail and push messages, bounces and dead
// letters first; an admin sends a claim link again, or to a new address.

import { clock } from '../model.js';
import { h } from '../../ui.js';
import { formatNumber, t } from '../../i18n.js';
import { api, isAdmin, passName, problem, setError } from '../state.js';
import { headRow } from '../parts.js';

/** What a message is: its kind → the message naming it (another kind shows as it is). */
const MESSAGE_KINDS = { invitation: 'console-message-kind-invitation', approval_request: 'console-message-kind-approval-mail', approval_push: 'console-message-kind-approval-push' };

/** The mail view's filter: value → the message naming it. */
const MESSAGE_FILTERS = [
  ['attention', 'console-messages-filter-attention'],
  ['pending', 'console-messages-filter-pending'],
  ['sent', 'console-messages-filter-sent'],
  ['all', 'console-messages-filter-all'],
];

/** Mail and push messages (GET /v1/messages): bounces and dead letters first; an admin sends a claim link again. */
export function messagesView() {
  const slot = h('div', { class: 'error-slot' });
  const status = h('p', { class: 'muted', role: 'status', text: t('console-messages-loading') });
  const filter = h('select', { id: 'messages-filter' }, ...MESSAGE_FILTERS.map(([value, label]) => h('option', { value, text: t(label) })));
  const tbody = h('tbody');
  const resend = (m, cell) => {
    const email = h('input', { type: 'email', value: m.kind === 'invitation' ? m.to : '', 'aria-label': t('console-message-new-address', { to: m.to }), autocomplete: 'off', class: 'small-input', dir: 'ltr' });
    const send = h('button', { type: 'submit', class: 'secondary small', text: t('console-message-send') });
    const form = h('form', { class: 'inline-form', novalidate: true }, email, send);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      send.disabled = true;
      const res = await api('POST', `/v1/passes/${encodeURIComponent(m.pass_id)}/invitation`, { email: email.value.trim() });
      send.disabled = false;
      if (!res.ok) return setError(slot, problem(res, 'console-action-resend'));
      setError(slot, null);
      cell.replaceChildren(h('span', { role: 'status', text: t('console-message-sent-again', { to: res.body.to }) }));
    });
    cell.replaceChildren(form);
    email.focus();
  };
  const load = async () => {
    const wanted = filter.value;
    const query = wanted === 'pending' || wanted === 'sent' ? `?state=${wanted}&limit=200` : '?limit=200';
    const res = await api('GET', `/v1/messages${query}`);
    if (!res.ok || !res.body || !Array.isArray(res.body.messages)) {
      status.textContent = '';
      return setError(slot, problem(res, 'console-action-list-messages'));
    }
    setError(slot, null);
    const shown = res.body.messages.filter((m) => wanted !== 'attention' || ['bounced', 'dead', 'expired'].includes(m.state));
    status.textContent = shown.length
      ? t('console-messages-count', { count: shown.length })
      : wanted === 'attention' ? t('console-messages-none-attention') : t('console-messages-none');
    tbody.replaceChildren(
      ...shown.map((m) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin() && m.kind === 'invitation' && m.pass_id && m.state !== 'sent') {
          action.append(h('button', { type: 'button', class: 'secondary small', text: t('console-message-send-again'), 'aria-label': t('console-message-send-again-label', { to: m.to }), onclick: () => resend(m, action) }));
        }
        return h(
          'tr',
          {},
          h('td', {}, h('bdi', { text: m.to })),
          h('td', { text: Object.hasOwn(MESSAGE_KINDS, m.kind) ? t(MESSAGE_KINDS[m.kind]) : m.kind }),
          h('td', {}, h('span', { class: `state msg-${m.state}`, text: t('console-message-state', { state: String(m.state) }) })),
          h('td', { 'data-label': t('console-col-pass') }, m.pass_id ? h('a', { href: `#pass/${m.pass_id}`, text: passName(m.pass_id) }) : '—'),
          h('td', { class: 'num', 'data-label': t('console-col-attempts'), text: formatNumber(m.attempts) }),
          h('td', { 'data-label': t('console-col-last-error'), text: m.last_error || '—' }),
          h('td', { class: 'nowrap', 'data-label': t('console-col-queued'), text: clock(m.created_at) }),
          action,
        );
      }),
    );
  };
  filter.addEventListener('change', load);
  load();
  const root = h(
    'section',
    { class: 'messages-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-messages-title') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    h('p', { class: 'muted', text: t('console-messages-help') }),
    h('div', { class: 'field' }, h('label', { for: 'messages-filter', text: t('console-show') }), filter),
    slot,
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-messages') }, headRow(['console-col-to', 'console-col-what', 'console-col-state', 'console-col-pass', 'console-col-attempts', 'console-col-last-error', 'console-col-queued', '']), tbody)),
  );
  return { root };
}
