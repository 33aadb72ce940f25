// The wallet's words (locales/parts/wallet/*.ftl): English reads exactly as the UI contract
// and the end-to-end tests expect, a bad claim link's reason (tsr1.js) has words in every
// language, and counts choose the plural forms.
import './i18n-setup.mjs';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { languages, t, tAttr, use } from '../../src/i18n.js';
import { TsrError, parseClaimFragment } from '../../src/tsr1.js';

const V_PASS = '0192f3a4-5b6c-7d8e-9fa0-b1c2d3e4f506';

test('each bad claim link has a reason whose English words are its message', () => {
  const reasons = new Set();
  for (const bad of [
    '#t=tok',
    `#p=${V_PASS}`,
    `#p=${V_PASS}&t=`,
    '#p=nope&t=tok',
    `#p=${V_PASS}&t=to%20k`,
    `#p=${V_PASS}&t=a&t=b`,
  ]) {
    let error;
    try {
      parseClaimFragment(bad);
    } catch (e) {
      error = e;
    }
    assert.ok(error instanceof TsrError, bad);
    assert.equal(error.code, 'bad_link', bad);
    assert.match(error.reason, /^[a-z_]+$/, bad);
    reasons.add(error.reason);
    assert.equal(t(`wallet-bad-link-${error.reason.replace(/_/g, '-')}`), error.message, bad);
  }
  assert.equal(reasons.size, 5);
  assert.equal(
    t('wallet-bad-link', { detail: t('wallet-bad-link-cut-short') }),
    'This claim link is invalid or incomplete: the part after # is missing; was the link cut short?. Ask whoever sent it for a new link, and copy all of it.',
  );
});

test('the English the UI contract and the end-to-end tests name is unchanged', () => {
  use('en');
  const exact = {
    'wallet-claim-add': 'Add to wallet',
    'wallet-scan': 'Scan gate code',
    'wallet-challenge-label': 'Paste a gate challenge',
    'wallet-transfer': 'Transfer this pass',
    'wallet-transfer-make': 'Make a transfer link',
    'wallet-transfer-link': 'Transfer link',
    'wallet-transfer-back': 'Back to my pass',
    'wallet-show-code-again': 'Show my code again',
    'wallet-qr-answer': 'Answer code for the gate',
    'wallet-qr-transfer': 'Transfer QR code for the new holder',
    'wallet-title': 'Tessera wallet',
    'wallet-bar-note': 'Visitor wallet',
  };
  for (const [id, text] of Object.entries(exact)) assert.equal(t(id), text, id);
  assert.equal(tAttr('wallet-claim-retry', 'aria-label'), 'Retry: Add to wallet');
  assert.equal(t('wallet-transfer-title', { label: 'Ada Lovelace' }), 'Transfer “Ada Lovelace”');
  assert.equal(t('wallet-claim-transfer-lead', { holder: 'Ada Lovelace' }), 'Ada Lovelace is handing you this pass. Add it to this wallet to show it at the gate.');
  assert.equal(t('wallet-countdown', { seconds: 12 }), 'New code in 12 s');
  assert.equal(t('wallet-qr-entry', { label: 'Ada Lovelace', seconds: 15 }), 'Entry code for Ada Lovelace; it changes every 15 seconds');
  assert.equal(t('wallet-all-passes', { count: 2 }), 'All passes (2)');
  assert.equal(t('wallet-claim-failed', { status: '503' }), 'The server could not add the pass just now (error 503). Press Retry in a moment.');
  assert.match(t('wallet-storage-unavailable-retry'), /^This browser is not letting the wallet store passes .* Then press Retry\.$/);
  assert.match(t('wallet-transfer-unavailable'), /cannot be transferred.*organiser may not allow/);
});

const installed = new Set(languages().map((l) => l.tag));

test('counts choose the plural form (Arabic has six)', { skip: !installed.has('ar') || !installed.has('de') }, () => {
  try {
    use('ar');
    assert.match(t('wallet-qr-entry-unnamed', { seconds: 2 }), /ثانيتين/);
    assert.match(t('wallet-qr-entry-unnamed', { seconds: 5 }), /ثوانٍ/);
    assert.match(t('wallet-challenge-incomplete', { length: 85 }), /حرفًا/);
    use('de');
    assert.match(t('wallet-qr-entry-unnamed', { seconds: 1 }), /jede Sekunde/);
    assert.match(t('wallet-qr-entry-unnamed', { seconds: 15 }), /alle 15 Sekunden/);
  } finally {
    use('en');
  }
});
