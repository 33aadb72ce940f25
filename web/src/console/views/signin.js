// The console's Sign-in view (#signin; admins): single sign-on settings (PUT /v1/sso,
// docs/sign-in.md) and the organisation's live sessions.

import { clock } from '../model.js';
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { api, problem, setError } from '../state.js';
import { headRow } from '../parts.js';

/** Single sign-on settings (PUT /v1/sso, docs/sign-in.md) and the organisation's live sessions. */
export function signInView() {
  const slot = h('div', { class: 'error-slot' });
  const saved = h('div', { role: 'status' });
  const field = (id, label, control, help) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', id: `${id}-help`, text: help }) : null);
  const input = (id, extra = {}) => h('input', { id, autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', ...extra });
  const issuer = input('sso-issuer', { type: 'url', required: true, placeholder: 'https://login.example.com/realms/staff', dir: 'ltr' });
  const clientId = input('sso-client-id', { required: true, dir: 'ltr' });
  const secret = input('sso-client-secret', { type: 'password', dir: 'ltr' });
  const domains = input('sso-domains', { placeholder: 'example.com', dir: 'ltr' });
  const claim = input('sso-role-claim', { value: 'groups', dir: 'ltr' });
  const ROLES = [['admin', 'console-sso-role-admins'], ['security', 'console-sso-role-security'], ['auditor', 'console-sso-role-auditors'], ['issuer', 'console-sso-role-issuers'], ['host', 'console-sso-role-hosts']];
  const maps = new Map(ROLES.map(([role]) => [role, input(`sso-map-${role}`, { dir: 'ltr' })]));
  const keySignIn = h('input', { id: 'sso-key-sign-in', type: 'checkbox', checked: true });
  const secretHelp = h('p', { class: 'muted', id: 'sso-client-secret-help', text: t('console-sso-secret-help') });
  const list = (text) => text.split(',').map((v) => v.trim()).filter(Boolean);
  const registered = h('dl', { class: 'sso-uris' });
  const showUris = (v) => {
    registered.replaceChildren(
      ...[
        ['console-sso-redirect-uri', v.redirect_uri],
        ['console-sso-logout-uri', v.back_channel_logout_uri],
        ['console-sso-post-logout-uri', v.post_logout_redirect_uri],
        ['console-sso-sign-in-link', v.sign_in_url],
      ].flatMap(([term, value]) => [h('dt', { text: t(term) }), h('dd', {}, h('code', { dir: 'ltr', text: value }))]),
    );
  };
  const fill = (v) => {
    issuer.value = v.issuer;
    clientId.value = v.client_id;
    domains.value = (v.allowed_domains || []).join(', ');
    claim.value = v.role_claim;
    for (const [role, box] of maps) box.value = (v.role_map || []).filter((m) => m.role === role).map((m) => m.value).join(', ');
    keySignIn.checked = Boolean(v.key_sign_in);
    secretHelp.textContent = t('console-sso-secret-stored');
    showUris(v);
  };
  const form = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-sso-form') },
    field('sso-issuer', t('console-sso-issuer'), issuer, t('console-sso-issuer-help')),
    h('div', { class: 'two' }, field('sso-client-id', t('console-sso-client-id'), clientId), h('div', { class: 'field' }, h('label', { for: 'sso-client-secret', text: t('console-sso-client-secret') }), secret, secretHelp)),
    field('sso-domains', t('console-sso-domains'), domains, t('console-sso-domains-help')),
    field('sso-role-claim', t('console-sso-role-claim'), claim, t('console-sso-role-claim-help')),
    h(
      'fieldset',
      { class: 'sso-map' },
      h('legend', { text: t('console-sso-role-map') }),
      ...ROLES.map(([role, label]) => field(`sso-map-${role}`, t(label), maps.get(role))),
    ),
    h('div', { class: 'field check' }, keySignIn, h('label', { for: 'sso-key-sign-in', text: t('console-sso-key-sign-in') })),
    slot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', id: 'sso-save', text: t('console-sso-save') })),
    saved,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = {
      issuer: issuer.value.trim(),
      client_id: clientId.value.trim(),
      allowed_domains: list(domains.value),
      role_claim: claim.value.trim() || 'groups',
      role_map: [...maps].flatMap(([role, box]) => list(box.value).map((value) => ({ value, role }))),
      key_sign_in: keySignIn.checked,
    };
    if (secret.value) body.client_secret = secret.value;
    if (!body.issuer || !body.client_id) return setError(slot, t('console-sso-issuer-missing'));
    if (!body.role_map.length) return setError(slot, t('console-sso-role-map-missing'));
    saved.textContent = '';
    const res = await api('PUT', '/v1/sso', body);
    if (!res.ok || !res.body) return setError(slot, problem(res, 'console-action-save-sso'));
    setError(slot, null);
    secret.value = '';
    fill(res.body);
    saved.replaceChildren(h('p', { class: 'notice', text: t('console-sso-saved') }));
  });

  const sessionsSlot = h('div', { class: 'error-slot' });
  const sessionsStatus = h('p', { class: 'muted', role: 'status', text: t('console-sessions-loading') });
  const tbody = h('tbody');
  const loadSessions = async () => {
    const res = await api('GET', '/v1/console/sessions');
    if (!res.ok || !res.body || !Array.isArray(res.body.sessions)) {
      sessionsStatus.textContent = '';
      return setError(sessionsSlot, problem(res, 'console-action-list-sessions'));
    }
    const rows = res.body.sessions;
    sessionsStatus.textContent = t('console-sessions-count', { count: rows.length });
    tbody.replaceChildren(
      ...rows.map((row) => {
        const who = row.person_name || row.label;
        const action = h('td', { class: 'nowrap' });
        action.append(
          h('button', {
            type: 'button',
            class: 'secondary small',
            text: t('console-session-end'),
            'aria-label': t('console-session-end-label', { who }),
            onclick: async () => {
              const end = await api('DELETE', `/v1/console/sessions/${encodeURIComponent(row.id)}`);
              if (!end.ok) return setError(sessionsSlot, problem(end, 'console-action-end-session'));
              setError(sessionsSlot, null);
              loadSessions();
            },
          }),
        );
        return h(
          'tr',
          {},
          h('td', {}, h('bdi', { text: who })),
          h('td', row.person_email ? { dir: 'ltr', text: row.person_email } : { text: row.person_name ? '—' : t('console-session-api-key') }),
          h('td', { text: t('console-role', { role: String(row.role) }) }),
          h('td', { class: 'nowrap', text: clock(row.created_at) }),
          h('td', { class: 'nowrap', text: clock(row.expires_at) }),
          action,
        );
      }),
    );
  };

  (async () => {
    const res = await api('GET', '/v1/sso');
    if (res.ok && res.body) fill(res.body);
    else if (res.status !== 404) setError(slot, problem(res, 'console-action-read-sso'));
  })();
  loadSessions();
  const root = h(
    'section',
    { class: 'signin-view' },
    h('div', { class: 'view-head' }, h('h1', { text: t('console-signin-view') })),
    h('h2', { text: t('console-sso') }),
    h('p', { class: 'muted', text: t('console-sso-help') }),
    form,
    registered,
    h('div', { class: 'view-head' }, h('h2', { text: t('console-sessions') }), h('button', { type: 'button', class: 'secondary', text: t('console-refresh'), onclick: loadSessions })),
    sessionsSlot,
    sessionsStatus,
    h('div', { class: 'table-wrap' }, h('table', { class: 'events', 'aria-label': t('console-sessions') }, headRow(['console-col-who', 'console-col-email', 'console-col-role', 'console-col-since', 'console-col-ends', '']), tbody)),
  );
  return { root };
}
