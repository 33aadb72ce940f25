// The console's Manage view (#admin; admins): issuing a pass and creating a gate, with their
// claim and pairing links.

import { isoToLocal, localToIso } from '../model.js';
import { qrSvg } from '../../qr.js';
import { h } from '../../ui.js';
import { t } from '../../i18n.js';
import { api, passLabels, problem, refreshGates, setError } from '../state.js';
import { copyField, pairGate } from '../parts.js';

export function adminView() {
  const passSlot = h('div', { class: 'error-slot' });
  const passOut = h('div');
  const gateSlot = h('div', { class: 'error-slot' });
  const gateOut = h('div');
  const field = (id, label, control, help) => h('div', { class: 'field' }, h('label', { for: id, text: label }), control, help ? h('p', { class: 'muted', text: help }) : null);

  const pLabel = h('input', { id: 'p-label', autocomplete: 'off', required: true, maxlength: '200' });
  const pSite = h('input', { id: 'p-site', autocomplete: 'off', maxlength: '200' });
  const pFrom = h('input', { id: 'p-from', type: 'datetime-local', step: '1' });
  const pUntil = h('input', { id: 'p-until', type: 'datetime-local', step: '1', value: isoToLocal(new Date(Date.now() + 24 * 3600 * 1000).toISOString()) });
  const pUses = h('input', { id: 'p-uses', type: 'number', min: '1', max: '100000', value: '1', inputmode: 'numeric' });
  const passForm = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-issue-pass') },
    field('p-label', t('console-issue-label'), pLabel),
    field('p-site', t('console-issue-site'), pSite, t('console-issue-site-help')),
    h('div', { class: 'two' }, field('p-from', t('console-issue-from'), pFrom, t('console-issue-from-help')), field('p-until', t('console-issue-until'), pUntil)),
    field('p-uses', t('console-issue-uses'), pUses),
    passSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-issue-submit') })),
  );
  passForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: pLabel.value.trim(), valid_until: localToIso(pUntil.value) };
    if (!body.label) return setError(passSlot, t('console-issue-label-missing'));
    if (!body.valid_until) return setError(passSlot, t('console-issue-until-missing'));
    if (pSite.value.trim()) body.site = pSite.value.trim();
    if (pFrom.value) body.valid_from = localToIso(pFrom.value);
    const uses = Number(pUses.value || '1');
    if (!Number.isInteger(uses) || uses < 1 || uses > 100000) return setError(passSlot, t('console-issue-uses-invalid'));
    body.max_uses = uses;
    const res = await api('POST', '/v1/passes', body);
    if (!res.ok || !res.body || !res.body.pass_id) return setError(passSlot, problem(res, 'console-action-issue-pass'));
    setError(passSlot, null);
    passLabels.set(res.body.pass_id, body.label);
    pLabel.value = '';
    passOut.replaceChildren(
      h(
        'div',
        { class: 'card qr-card' },
        qrSvg(res.body.claim_url, t('console-claim-qr')),
        h(
          'div',
          {},
          h('h3', { text: t('console-issued-for', { label: body.label }) }),
          h('p', { text: t('console-issued-help') }),
          copyField(t('console-claim-link'), res.body.claim_url),
          h('p', {}, h('a', { href: `#pass/${res.body.pass_id}`, text: t('console-open-pass') })),
        ),
      ),
    );
  });

  const gLabel = h('input', { id: 'g-label', autocomplete: 'off', required: true, maxlength: '200' });
  const gSite = h('input', { id: 'g-site', autocomplete: 'off', maxlength: '200' });
  const gateForm = h(
    'form',
    { class: 'admin-form', novalidate: true, 'aria-label': t('console-create-gate') },
    field('g-label', t('console-gate-label'), gLabel, t('console-gate-label-help')),
    field('g-site', t('console-gate-site'), gSite, t('console-gate-site-help')),
    gateSlot,
    h('p', { class: 'actions' }, h('button', { type: 'submit', class: 'primary', text: t('console-create-gate-submit') })),
  );
  gateForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const body = { label: gLabel.value.trim() };
    if (!body.label) return setError(gateSlot, t('console-gate-label-missing'));
    if (gSite.value.trim()) body.site = gSite.value.trim();
    const res = await api('POST', '/v1/gates', body);
    if (!res.ok || !res.body || !res.body.gate_id) return setError(gateSlot, problem(res, 'console-action-create-gate'));
    setError(gateSlot, null);
    gLabel.value = '';
    const id = res.body.gate_id;
    const pairBox = h('div');
    gateOut.replaceChildren(
      h(
        'div',
        { class: 'card result-card' },
        h('h3', { text: t('console-gate-created', { label: body.label }) }),
        h('p', { text: t('console-gate-created-help') }),
        h('p', { class: 'actions' }, h('button', { type: 'button', class: 'primary', text: t('console-pair-make'), onclick: () => pairGate(id, pairBox, gateSlot) }), h('a', { class: 'button secondary', href: `#gate/${id}`, text: t('console-open-gate') })),
        h('details', {}, h('summary', { text: t('console-device-token-summary') }), copyField(t('console-device-token'), res.body.device_token)),
      ),
      pairBox,
    );
    refreshGates();
  });

  const root = h(
    'section',
    { class: 'admin-view' },
    h('h1', { text: t('console-manage') }),
    h('div', { class: 'gate-grid' }, h('div', { class: 'card panel' }, h('h2', { text: t('console-issue-pass') }), passForm, passOut), h('div', { class: 'card panel' }, h('h2', { text: t('console-create-gate') }), gateForm, gateOut)),
  );
  return { root };
}
