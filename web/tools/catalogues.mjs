// The message catalogues as the build bundles them (`import catalogues from
// 'tessera:catalogues'` in src/locale.js) and the unit tests read them: every
// `locales/<tag>.ftl`, `{ tag: text }` in sorted order, so adding a language is adding
// its file.

import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const LOCALES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');

export function readCatalogues(dir = LOCALES) {
  const out = {};
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ftl')).sort()) {
    const tag = name.slice(0, -'.ftl'.length);
    const text = readFileSync(path.join(dir, name), 'utf8');
    out[tag] = text;
  }
  return out;
}
