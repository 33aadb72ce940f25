// The console's Webhooks view (#webhooks, issue 17): the webhooks and the events they could
// not deliver; an admin replays a dead letter.

import { clock } from '../model.js';
import { h } from '../../ui.js';
import { formatNumber, t } from '../../i18n.js';
import { api, isAdmin, passName, problem, setError } from '../state.js';
import { headRow } from '../parts.js';

/** The webhooks and the events they could not deliver; an admin replays a dead letter. */
export function webhooksView() {
  const slot = h('div', { class: 'error-slot' });
  const hooks = h('ul', { class: 'webhook-list', 'aria-label': t('console-webhooks') });
  const hookStatus = h('p', { class: 'muted', role: 'status', text: t('console-webhooks-loading') });
  const tbody = h('tbody');
  const status = h('p', { class: 'muted', role: 'status', text: t('console-dead-letters-loading') });
  let disabled = new Set();
  const replayOne = async (letter, cell) => {
    const res = await api('POST', `/v1/webhooks/dead-letters/${encodeURIComponent(letter.delivery_id)}/replay`);
    if (!res.ok) return setError(slot, problem(res, 'console-action-replay'));
    setError(slot, null);
    cell.replaceChildren(
      h('span', {
        role: 'status',
        text: disabled.has(letter.webhook_id) ? t('console-replayed-disabled') : t('console-replayed'),
      }),
    );
  };
  const load = async () => {
    const [list, dead] = await Promise.all([api('GET', '/v1/webhooks'), api('GET', '/v1/webhooks/dead-letters')]);
    if (!list.ok || !list.body || !Array.isArray(list.body.webhooks)) {
      hookStatus.textContent = '';
      setError(slot, problem(list, 'console-action-list-webhooks'));
    } else {
      const all = list.body.webhooks;
      disabled = new Set(all.filter((w) => w.disabled_at).map((w) => w.webhook_id));
      hookStatus.textContent = t('console-webhooks-count', { count: all.length, disabled: disabled.size });
      hooks.replaceChildren(
        ...all.map((w) =>
          h(
            'li',
            { class: `webhook-item${w.disabled_at ? ' disabled' : ''}` },
            h('span', { class: 'webhook-url', dir: 'ltr', text: w.url }),
            h('span', { class: 'muted', dir: 'ltr', text: (w.events || []).join(', ') }),
            w.disabled_at
              ? h('span', {
                class: 'state state-revoked',
                text: w.disabled_reason
                  ? t('console-webhook-disabled-because', { time: clock(w.disabled_at), reason: w.disabled_reason })
                  : t('console-webhook-disabled', { time: clock(w.disabled_at) }),
              })
              : h('span', { class: 'state state-claimed', text: t('console-webhook-enabled') }),
          ),
        ),
      );
    }
    if (!dead.ok || !dead.body || !Array.isArray(dead.body.dead_letters)) {
      status.textContent = '';
      return setError(slot, problem(dead, 'console-action-list-dead-letters'));
    }
    const letters = dead.body.dead_letters;
    status.textContent = letters.length ? t('console-dead-letters-count', { count: letters.length }) : t('console-dead-letters-none');
    tbody.replaceChildren(
      ...letters.map((d) => {
        const action = h('td', { class: 'nowrap' });
        if (isAdmin()) action.append(h('button', { type: 'button', class: 'secondary small', text: t('console-replay'), 'aria-label': t('console-replay-label', { event: String(d.event_id) }), onclick: () => replayOne(d, action) }));
        return h(
          'tr',
          {},
          h('td', { class: 'nowrap', dir: 'ltr', text: d.event_id }),
          h('td', { dir: 'ltr', text: d.event_type }),
          h('td', {}, d.pass_id ? h('a', { href: `#pass/${d.pass_id}`, text: passName(d.pass_id) }) : '—'),
          h('td', { class: 'num', text: formatNumber(d.attempts) }),
          h('td', { text: d.last_error || '—' }),
          h('td', { class: 'nowrap', text: clock(d.queued_at) }),
          action,
        );
      }),
    );
  };
  load();
  const root = h(
    'section',
    { class: 'webhooks-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-webhooks') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: load })),
    slot,
    hookStatus,
    hooks,
    h('h2', { text: t('console-dead-letters') }),
    h('p', { class: 'muted', text: t('console-dead-letters-help') }),
    status,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-dead-letters') }, headRow(['console-col-event', 'console-col-type', 'console-col-pass', 'console-col-attempts', 'console-col-last-error', 'console-col-queued', '']), tbody)),
  );
  return { root };
}
