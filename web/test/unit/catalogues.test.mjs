// The catalogues (locales/*.ftl) against English: the same message ids, the same
// attributes, the same variables in each, no syntax errors; and every id the sources name
// literally (t('…'), tAttr('…'), data-i18n="…") exists.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse, Visitor } from '@fluent/syntax';
import { LOCALES, readCatalogues } from '../../tools/catalogues.mjs';

class Variables extends Visitor {
  constructor() {
    super();
    this.names = new Set();
  }
  visitVariableReference(node) {
    this.names.add(node.id.name);
  }
}

function shape(text, tag) {
  const resource = parse(text, { withSpans: false });
  const junk = resource.body.filter((e) => e.type === 'Junk');
  assert.equal(junk.length, 0, `${tag}.ftl has syntax errors: ${junk.map((j) => j.annotations.map((a) => a.message).join('; ') + ' in ' + JSON.stringify(j.content.slice(0, 80))).join(' | ')}`);
  const out = new Map();
  for (const entry of resource.body) {
    if (entry.type !== 'Message' && entry.type !== 'Term') continue;
    const id = (entry.type === 'Term' ? '-' : '') + entry.id.name;
    assert.ok(!out.has(id), `${tag}.ftl defines ${id} twice`);
    const parts = { value: entry.value !== null, attributes: {} };
    const v = new Variables();
    if (entry.value) v.visit(entry.value);
    parts.variables = [...v.names].sort();
    for (const attr of entry.attributes) {
      const a = new Variables();
      a.visit(attr.value);
      parts.attributes[attr.id.name] = [...a.names].sort();
    }
    out.set(id, parts);
  }
  return out;
}

const catalogues = readCatalogues();
const english = shape(catalogues.en, 'en');

test('there is an English catalogue and at least four others', () => {
  assert.ok(english.size > 0);
  assert.ok(Object.keys(catalogues).length >= 5, Object.keys(catalogues).join(', '));
});

for (const [tag, text] of Object.entries(catalogues)) {
  if (tag === 'en') continue;
  test(`${tag}.ftl has every message of en.ftl, no other, with the same variables`, () => {
    const other = shape(text, tag);
    const missing = [...english.keys()].filter((id) => !other.has(id));
    const extra = [...other.keys()].filter((id) => !english.has(id) && !id.startsWith('-'));
    assert.deepEqual(missing, [], `${tag}.ftl lacks messages English has`);
    assert.deepEqual(extra, [], `${tag}.ftl has messages English lacks`);
    for (const [id, en] of english) {
      if (id.startsWith('-')) continue;
      const o = other.get(id);
      assert.equal(o.value, en.value, `${tag}: ${id} value present in one only`);
      // A translation may drop a variable only where the plural form already says it
      // (Arabic's "one" and "two"): every variable it uses must be one English uses.
      for (const name of o.variables) assert.ok(en.variables.includes(name), `${tag}: ${id} uses $${name}, which English does not pass`);
      for (const name of en.variables) assert.ok(o.variables.includes(name), `${tag}: ${id} lacks $${name}`);
      assert.deepEqual(Object.keys(o.attributes).sort(), Object.keys(en.attributes).sort(), `${tag}: ${id} attributes`);
      for (const [attr, vars] of Object.entries(en.attributes)) assert.deepEqual(o.attributes[attr], vars, `${tag}: ${id}.${attr} variables`);
    }
  });
}

test('each catalogue names its language and direction', () => {
  for (const [tag, text] of Object.entries(catalogues)) {
    assert.match(text, /^language-name = \S/m, `${tag}.ftl: language-name`);
    assert.match(text, /^language-direction = (ltr|rtl)$/m, `${tag}.ftl: language-direction`);
  }
});

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sources(p, out);
    else if (/\.(js|html)$/.test(name)) out.push(p);
  }
  return out;
}

test('every message id the sources name literally is in en.ftl', () => {
  const src = path.join(LOCALES, '..', 'src');
  const unknown = [];
  for (const file of sources(src)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\b(?:t|tAttr)\(\s*'([a-z0-9-]+)'|data-i18n="([a-z0-9-]+)"/g)) {
      const id = m[1] || m[2];
      if (!english.has(id)) unknown.push(`${path.relative(src, file)}: ${id}`);
    }
  }
  assert.deepEqual(unknown, []);
});
