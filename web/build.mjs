// Builds the web wallet, the web gate, the security console and the host page into dist/, which is committed and embedded by tessera-server.
//
//   node build.mjs            build into dist/ (removing anything stale there)
//   node build.mjs --check    build into a temporary directory and fail if dist/ differs
//   node build.mjs --out DIR  build into DIR
//
// The output is a pure function of src/, the pinned esbuild and the pinned dependencies: no
// timestamps, no absolute paths, names from content hashes, files written in sorted order. So
// `--check` proves the committed dist/ is what the sources make.

import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, serialize } from '@fluent/syntax';
import { readCatalogues } from './tools/catalogues.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));
const src = (p) => path.join(root, 'src', p);
const args = process.argv.slice(2);
const check = args.includes('--check');
const outArg = args.indexOf('--out');

// Each page carries the messages of its own groups only (every language's), not the
// others' (`locales/en.ftl` groups ids by prefix): a wallet need not download the console.
const PAGE_GROUPS = {
  'src/wallet/app.js': ['language', 'common', 'error', 'wallet'],
  'src/gate/app.js': ['language', 'common', 'error', 'gate', 'reason'],
  'src/console/app.js': ['language', 'common', 'error', 'console', 'audit', 'reason', 'gate'],
  'src/host/app.js': ['language', 'common', 'error', 'host'],
};
const ID_PREFIXES = ['language', 'common', 'error', 'mail', 'push', 'wallet', 'gate', 'reason', 'host', 'console', 'audit'];

// The catalogues as they are when the build starts, read once for every page.
const CATALOGUES = readCatalogues();
const idsOf = (ftl) => new Set([...ftl.matchAll(/^([a-z0-9-]+) =/gm)].map((m) => m[1]));
const EVERY_ID = idsOf(CATALOGUES.en);

function catalogueFor(text, groups) {
  const resource = parse(text, { withSpans: false });
  resource.body = resource.body.filter((e) => e.type === 'Message' && groups.some((g) => e.id.name.startsWith(`${g}-`)));
  return serialize(resource);
}

const cataloguesPlugin = (entry) => ({
  name: 'tessera-catalogues',
  setup(b) {
    b.onResolve({ filter: /^tessera:catalogues$/ }, () => ({ path: 'catalogues', namespace: 'tessera' }));
    b.onLoad({ filter: /.*/, namespace: 'tessera' }, () => {
      const groups = PAGE_GROUPS[entry];
      if (!groups) throw new Error(`${entry}: no message groups in PAGE_GROUPS`);
      const some = Object.fromEntries(Object.entries(CATALOGUES).map(([tag, text]) => [tag, catalogueFor(text, groups)]));
      return { contents: JSON.stringify(some), loader: 'json', watchFiles: [] };
    });
  },
});

// Every message id a bundle names whole must be in the messages it carries: a page that
// borrows another group's message fails the build rather than showing an id.
function checkIds(entry, js) {
  const groups = PAGE_GROUPS[entry];
  if (!groups) return;
  const pattern = new RegExp(`["'\`]((?:${ID_PREFIXES.join('|')})-[a-z0-9]+(?:-[a-z0-9]+)*)["'\`]`, 'g');
  const carried = idsOf(catalogueFor(CATALOGUES.en, groups));
  const missing = [...new Set([...js.matchAll(pattern)].map((m) => m[1]))].filter((id) => EVERY_ID.has(id) && !carried.has(id));
  if (missing.length) throw new Error(`${entry} names messages outside its groups (${groups.join(', ')}): ${missing.join(', ')}`);
}

const hash = (buf) => createHash('sha256').update(buf).digest('hex').slice(0, 12);

async function bundle(entry, loader) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    write: false,
    format: loader === 'js' ? 'esm' : undefined,
    target: loader === 'js' ? ['es2022'] : ['chrome100', 'safari15', 'firefox100'],
    platform: 'browser',
    legalComments: 'none', // the notices are in licenses.txt
    charset: 'utf8',
    absWorkingDir: root,
    logLevel: 'warning',
    plugins: loader === 'js' ? [cataloguesPlugin(entry)] : [],
  });
  if (result.outputFiles.length !== 1) throw new Error(`${entry}: expected one output file`);
  const out = Buffer.from(result.outputFiles[0].contents);
  if (loader === 'js') checkIds(entry, out.toString('utf8'));
  return out;
}

function fill(template, names) {
  return template.replace(/\{\{([a-z0-9.-]+)\}\}/g, (_, key) => {
    if (!(key in names)) throw new Error(`unknown placeholder {{${key}}}`);
    return names[key];
  });
}

async function make() {
  /** path in dist (no leading slash) -> Buffer */
  const files = new Map();
  const names = {};
  const hashed = (key, stem, ext, buf) => {
    const rel = `assets/${stem}-${hash(buf)}.${ext}`;
    files.set(rel, buf);
    names[key] = `/${rel}`;
  };

  hashed('app.js', 'app', 'js', await bundle('src/wallet/app.js', 'js'));
  hashed('style.css', 'style', 'css', await bundle('src/wallet/wallet.css', 'css'));
  hashed('gate.js', 'gate', 'js', await bundle('src/gate/app.js', 'js'));
  hashed('gate.css', 'gate', 'css', await bundle('src/gate/gate.css', 'css'));
  hashed('console.js', 'console', 'js', await bundle('src/console/app.js', 'js'));
  hashed('console.css', 'console', 'css', await bundle('src/console/console.css', 'css'));
  hashed('host.js', 'host', 'js', await bundle('src/host/app.js', 'js'));
  hashed('host.css', 'host', 'css', await bundle('src/host/host.css', 'css'));
  hashed('icon-192.png', 'icon-192', 'png', readFileSync(src('icons/icon-192.png')));
  hashed('icon-512.png', 'icon-512', 'png', readFileSync(src('icons/icon-512.png')));
  hashed('icon.svg', 'icon', 'svg', readFileSync(src('icons/icon.svg')));

  const manifest = JSON.parse(fill(readFileSync(src('manifest.webmanifest'), 'utf8'), names));
  files.set('manifest.webmanifest', Buffer.from(JSON.stringify(manifest, null, 2) + '\n'));
  files.set('index.html', Buffer.from(fill(readFileSync(src('index.html'), 'utf8'), names)));
  files.set('gate.html', Buffer.from(fill(readFileSync(src('gate.html'), 'utf8'), names)));
  files.set('console.html', Buffer.from(fill(readFileSync(src('console.html'), 'utf8'), names)));
  files.set('host.html', Buffer.from(fill(readFileSync(src('host.html'), 'utf8'), names)));

  const notices = [
    'Third-party software bundled in the Tessera web wallet, web gate, security console and host page',
    '',
    '== jsQR 1.4.0 (Apache-2.0), https://github.com/cozmo/jsQR ==',
    '',
    readFileSync(path.join(root, 'node_modules/jsqr/LICENSE'), 'utf8').trim(),
    '',
    '== qrcode-generator 2.0.4 (MIT), https://github.com/kazuhikoarase/qrcode-generator ==',
    '',
    'Copyright (c) 2009 Kazuhiko Arase',
    'Licensed under the MIT license: http://www.opensource.org/licenses/mit-license.php',
    "The word 'QR Code' is registered trademark of DENSO WAVE INCORPORATED.",
    '',
  ].join('\n');
  files.set('licenses.txt', Buffer.from(notices));

  // The service worker precaches the wallet's and the gate's shells; its cache name changes
  // with any precached byte. The console and the host page are online-only (live feeds and
  // decisions that need the server), so their files stay out of every visitor's phone.
  const offline = (k) => k.startsWith('assets/') && !k.startsWith('assets/console-') && !k.startsWith('assets/host-');
  const precache = ['gate.html', 'index.html', 'manifest.webmanifest', ...[...files.keys()].filter(offline)].sort();
  const all = createHash('sha256');
  for (const p of precache) all.update(p).update('\0').update(files.get(p)).update('\0');
  const cacheName = `tessera-wallet-${all.digest('hex').slice(0, 12)}`;
  const sw =
    `// Generated by build.mjs from src/sw.js; do not edit.\n` +
    `const CACHE = ${JSON.stringify(cacheName)};\n` +
    `const PRECACHE = ${JSON.stringify(precache.map((p) => `/${p}`), null, 2)};\n\n` +
    readFileSync(src('sw.js'), 'utf8');
  files.set('sw.js', Buffer.from(sw));
  return files;
}

function write(files, out) {
  rmSync(out, { recursive: true, force: true });
  for (const rel of [...files.keys()].sort()) {
    const file = path.join(out, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, files.get(rel));
  }
}

function listTree(dir, base = dir) {
  let out = [];
  let entries;
  try {
    entries = readdirSync(dir).sort();
  } catch {
    return out;
  }
  for (const name of entries) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out = out.concat(listTree(full, base));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

const files = await make();
if (check) {
  const tmp = mkdtempSync(path.join(tmpdir(), 'tessera-web-'));
  try {
    write(files, tmp);
    const dist = path.join(root, 'dist');
    const want = listTree(tmp);
    const have = listTree(dist);
    const problems = [];
    for (const f of want) {
      if (!have.includes(f)) problems.push(`missing from dist/: ${f}`);
      else if (!readFileSync(path.join(tmp, f)).equals(readFileSync(path.join(dist, f)))) problems.push(`differs: dist/${f}`);
    }
    for (const f of have) if (!want.includes(f)) problems.push(`stale in dist/: ${f}`);
    if (problems.length) {
      console.error(`dist/ is not what the sources build (run \`npm run build\` in web/ and commit dist/):\n  ${problems.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`dist/ is up to date (${want.length} files)`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
} else {
  const out = outArg >= 0 ? path.resolve(args[outArg + 1]) : path.join(root, 'dist');
  write(files, out);
  let total = 0;
  for (const buf of files.values()) total += buf.length;
  console.log(`built ${files.size} files, ${(total / 1024).toFixed(1)} KiB, into ${path.relative(process.cwd(), out) || '.'}`);
}
