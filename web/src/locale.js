// The page side of i18n.js: installs every catalogue the build bundled, picks a page's
// language, and draws the language switcher. Only the pages' entries import it (Node's
// unit tests install catalogues themselves).

import catalogues from 'tessera:catalogues';
import { choose, current, install, languages, t, use, venueTimeZone, zoneDiffers } from './i18n.js';
import { h } from './ui.js';

install(catalogues);

const key = (page) => `tessera.language.${page}`;

/** The language the user picked on this device for `page` ('wallet', 'gate', …), if any. */
export function picked(page) {
  try {
    return localStorage.getItem(key(page));
  } catch {
    return null;
  }
}

function remember(page, tag) {
  try {
    localStorage.setItem(key(page), tag);
  } catch {
    // No storage (a private window that refuses it): the choice lasts this page only.
  }
}

/**
 * Chooses and applies the language of `page`: the picked one, then `named` (the pass's or
 * the gate's own), then the browser's, then `orgDefault`. Returns the tag.
 */
export function startLanguage(page, { named = [], orgDefault } = {}) {
  const browser = typeof navigator !== 'undefined' ? (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]) : [];
  const tag = use(choose({ picked: picked(page), named: named.filter(Boolean), browser, orgDefault }));
  const title = document.querySelector('title[data-i18n]');
  if (title) document.title = t(title.dataset.i18n);
  for (const el of document.querySelectorAll('[data-i18n]:not(title)')) el.textContent = t(el.dataset.i18n);
  return tag;
}

/**
 * The visible language switcher ("Language" and a select naming each language in itself).
 * Choosing one remembers it for `page` and calls `onChange(tag)`; by default the page
 * reloads, so every screen is drawn again in the new language (state lives in storage).
 */
export function languageSwitcher(page, onChange = () => window.location.reload()) {
  const select = h(
    'select',
    { id: 'language-select', class: 'language-select' },
    languages().map((l) => h('option', { value: l.tag, lang: l.tag, dir: l.dir, selected: l.tag === current() }, l.name)),
  );
  select.addEventListener('change', () => {
    remember(page, select.value);
    onChange(select.value);
  });
  return h('div', { class: 'language-switch' }, h('label', { for: 'language-select', text: t('common-language') }), select);
}

/** Puts the switcher into the page's bar (or at the top of `main` without a bar). */
export function mountSwitcher(page, onChange) {
  const old = document.querySelector('.language-switch');
  if (old) old.remove();
  const bar = document.querySelector('header.bar') || document.body;
  bar.append(languageSwitcher(page, onChange));
}

/**
 * "Times are venue time (Europe/Berlin)." as a `tag` of class `cls`, when times are shown
 * in `zone` (by default the venue's) and this device is in another; else null.
 */
export function timesNote({ zone = venueTimeZone(), tag = 'p', cls = 'zone-note muted small' } = {}) {
  return zoneDiffers(zone) ? h(tag, { class: cls, text: t('common-times-in-zone', { zone }) }) : null;
}
