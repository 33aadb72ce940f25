// Every string a page shows comes from here: one Fluent catalogue per language
// (`web/locales/<tag>.ftl`, Project Fluent's syntax, formatted by `@fluent/bundle`), the
// language chosen for the page, `lang` and `dir` on `<html>`, and the `Intl` formatters of
// that language in the venue's time zone.
//
// Pure enough for Node: nothing here imports the catalogues. A page's entry imports
// `./catalogues.js` (the build puts every `locales/*.ftl` into it); the unit tests install
// the files they read.
//
// The language of a page (`choose`): the one the user picked in the switcher (kept in
// localStorage, per page kind), else the first the page's data names (the pass's, the
// gate's), else the browser's `navigator.languages`, else the organisation's default, else
// English. Each candidate is matched by `@fluent/langneg` (`de-AT` finds `de`).

import { FluentBundle, FluentResource } from '@fluent/bundle';
import { negotiateLanguages } from '@fluent/langneg';

export const DEFAULT_LANGUAGE = 'en';

/** tag -> { bundle, name, dir } */
const installed = new Map();
let active = null;
let fallback = null;
let timeZone; // the venue's IANA zone; undefined: the device's

function makeBundle(tag, text, rtl) {
  // Isolation marks around placeables keep a Latin name or code whole inside Arabic text
  // (and an Arabic name inside it); left-to-right languages do without them, so their text
  // is exactly what the catalogue says.
  const bundle = new FluentBundle(tag, { useIsolating: rtl });
  const errors = bundle.addResource(new FluentResource(text));
  if (errors.length) throw new Error(`locales/${tag}.ftl: ${errors[0].message}`);
  return bundle;
}

/** Installs the catalogues `{ tag: ftl text }`; English must be one of them. */
export function install(catalogues) {
  installed.clear();
  for (const [tag, text] of Object.entries(catalogues)) {
    const probe = makeBundle(tag, text, false);
    const meta = (id) => {
      const m = probe.getMessage(id);
      return m && m.value ? probe.formatPattern(m.value) : null;
    };
    const dir = meta('language-direction') === 'rtl' ? 'rtl' : 'ltr';
    installed.set(tag, { bundle: dir === 'rtl' ? makeBundle(tag, text, true) : probe, name: meta('language-name') || tag, dir });
  }
  fallback = installed.get(DEFAULT_LANGUAGE) || null;
  if (!fallback) throw new Error('no English catalogue');
  if (!active) active = fallback;
}

/** The installed languages: [{ tag, name, dir }], English first, then by tag. */
export function languages() {
  return [...installed.entries()]
    .map(([tag, l]) => ({ tag, name: l.name, dir: l.dir }))
    .sort((a, b) => (a.tag === DEFAULT_LANGUAGE ? -1 : b.tag === DEFAULT_LANGUAGE ? 1 : a.tag.localeCompare(b.tag)));
}

/** The installed tag that serves `wanted` (a BCP 47 tag), or null. */
export function match(wanted) {
  if (typeof wanted !== 'string' || !wanted) return null;
  const [found] = negotiateLanguages([wanted], [...installed.keys()], { strategy: 'lookup', defaultLocale: '_none' });
  return found && found !== '_none' ? found : null;
}

/**
 * The language for a page: `picked` (the switcher's), then each of `named` (the data's
 * own: a pass's, a gate's), then `browser` (`navigator.languages`), then `orgDefault`.
 */
export function choose({ picked, named = [], browser = [], orgDefault } = {}) {
  for (const wanted of [picked, ...named, ...browser, orgDefault]) {
    const found = match(wanted);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

/** Makes `tag` the language of `t` and the formatters, and of `<html>` when there is a document. */
export function use(tag) {
  active = installed.get(tag) || fallback;
  if (typeof document !== 'undefined') {
    document.documentElement.lang = current();
    document.documentElement.dir = active.dir;
  }
  return current();
}

/** The active language's tag. */
export function current() {
  for (const [tag, l] of installed) if (l === active) return tag;
  return DEFAULT_LANGUAGE;
}

/** The active language's direction: 'ltr' or 'rtl'. */
export function direction() {
  return active ? active.dir : 'ltr';
}

/** The venue's time zone for dates and times (an IANA name); undefined: the device's. */
export function setTimeZone(zone) {
  timeZone = validZone(zone) ? zone : undefined;
}

export function venueTimeZone() {
  return timeZone;
}

function validZone(zone) {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The device's own time zone. */
export function deviceTimeZone() {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * True when times are shown in `zone` (by default the venue's) and the device is in
 * another.
 */
export function zoneDiffers(zone = timeZone) {
  return validZone(zone) && zone !== deviceTimeZone();
}

/**
 * The message `id` with `args`, in the active language (English when the active catalogue
 * lacks it, which the catalogue test forbids). A missing id returns the id itself, so a
 * slip shows on screen rather than throwing.
 */
export function t(id, args) {
  for (const l of [active, fallback]) {
    if (!l) continue;
    const message = l.bundle.getMessage(id);
    if (message && message.value) return l.bundle.formatPattern(message.value, args);
  }
  return id;
}

/** An attribute of message `id` (`id.attr` in Fluent), as `t`. */
export function tAttr(id, attr, args) {
  for (const l of [active, fallback]) {
    if (!l) continue;
    const message = l.bundle.getMessage(id);
    if (message && message.attributes && message.attributes[attr]) return l.bundle.formatPattern(message.attributes[attr], args);
  }
  return `${id}.${attr}`;
}

/** True when the active (or English) catalogue has message `id`. */
export function has(id) {
  return Boolean((active && active.bundle.hasMessage(id)) || (fallback && fallback.bundle.hasMessage(id)));
}

/**
 * A server's error code as words in the active language: `error-<code>` from the
 * catalogue, else the generic message naming the code. Never the server's own sentence.
 */
export function errorText(code) {
  const id = `error-${String(code || 'unknown').replace(/_/g, '-')}`;
  return has(id) ? t(id) : t('error-other', { code: String(code || 'unknown') });
}

// ---------------------------------------------------------------- Intl

const formatters = new Map();
function formatter(kind, options, zone) {
  const key = `${current()}|${zone || ''}|${kind}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    const opts = { ...options };
    if (kind === 'date' && zone) opts.timeZone = zone;
    f = kind === 'date' ? new Intl.DateTimeFormat(current(), opts)
      : kind === 'number' ? new Intl.NumberFormat(current(), opts)
        : kind === 'relative' ? new Intl.RelativeTimeFormat(current(), opts)
          : new Intl.ListFormat(current(), opts);
    formatters.set(key, f);
  }
  return f;
}

/**
 * A date and time (`Date`, ms or ISO string) in the active language and in `zone` (by
 * default the venue's; a zone that is not one: the device's).
 */
export function formatDate(when, options = { dateStyle: 'medium', timeStyle: 'short' }, zone = timeZone) {
  const d = when instanceof Date ? when : new Date(when);
  if (Number.isNaN(d.getTime())) return '';
  return formatter('date', options, validZone(zone) ? zone : undefined).format(d);
}

/** A time of day (hours and minutes) in the venue's zone. */
export function formatTime(when, options = { hour: '2-digit', minute: '2-digit' }) {
  return formatDate(when, options);
}

/** A number in the active language. */
export function formatNumber(n, options = {}) {
  return formatter('number', options).format(n);
}

/** "in 5 minutes", "3 hours ago". */
export function formatRelative(value, unit, options = { numeric: 'auto' }) {
  return formatter('relative', options).format(value, unit);
}

/** A duration of `seconds` as m:ss (h:mm:ss past an hour), digits of the active language. */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n) => formatNumber(n, { minimumIntegerDigits: 2, useGrouping: false });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  return h > 0 ? `${formatNumber(h)}:${two(m)}:${two(rest)}` : `${formatNumber(m, { useGrouping: false })}:${two(rest)}`;
}

/** "a, b and c" in the active language. */
export function formatList(items, options = { style: 'long', type: 'conjunction' }) {
  return formatter('list', options).format(items);
}
