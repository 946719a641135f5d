// `npm start`'s first step: builds the shop only when its sources changed since the last build, so that
// starting an unchanged checkout serves at once. The sources' fingerprint is kept in dist/.sources-hash
// and written only after a build succeeds.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const stampFile = path.join(root, 'dist', '.sources-hash');
/** What a build reads: the server and web sources, what they share, and how they are built. */
const sources = [
  'server',
  'common',
  'web',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.build.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'scripts/precompress.mjs',
  'scripts/copy-server-data.mjs',
  'scripts/entry-script-after-page.ts',
  'scripts/first-load-chunk.ts',
  'scripts/product-pictures-manifest.ts',
];
const built = [path.join(root, 'dist', 'server', 'server.js'), path.join(root, 'dist', 'web', 'index.html'), path.join(root, 'dist', 'ssr', 'entry-server.js')];

/** @param {string} source */
function filesOf(source) {
  const full = path.join(root, source);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function sourcesHash() {
  const hash = crypto.createHash('sha256');
  for (const file of sources.flatMap(filesOf).sort()) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

const current = sourcesHash();
const previous = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : '';
if (current === previous && built.every((file) => fs.existsSync(file))) {
  console.log('The build is up to date with the sources; starting without building.');
} else {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampFile, current);
}
