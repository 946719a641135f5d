// `node bench/profile-summary.mjs <file.cpuprofile> [top]`: where a V8 CPU profile's time went, by
// package (node_modules/<name>, the shop's own files, Node's internals, the garbage collector), then the
// functions with the most self time. A burst's profile read in a minute instead of in DevTools.
import fs from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: node bench/profile-summary.mjs <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
/** @type {unknown} */
const parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
const profile = /** @type {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples: number[], timeDeltas: number[] }} */ (parsed);
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
/** @type {Map<number, number>} */
const parentOf = new Map();
for (const node of profile.nodes) for (const child of /** @type {{ children?: number[] }} */ (node).children ?? []) parentOf.set(child, node.id);
/** @type {Map<number, number>} */
const selfUs = new Map();
profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

/** @param {string} url @param {string} name */
function packageOf(url, name) {
  if (name === '(garbage collector)' || name === '(idle)' || name === '(program)') return name;
  const inModules = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inModules) return inModules[1];
  if (url.startsWith('node:') || url === '') return 'node (internals and native)';
  const own = url.match(/dist\/(server|common)\/(?:modules\/)?([^/]+)/);
  return own ? `shop ${own[1]}/${own[2]}` : url;
}

/**
 * The nearest of the shop's own functions on the stack of a sample (itself or a caller): which part
 * of the shop the time was spent for, libraries and Node's work included.
 * @param {number} id
 */
function shopCaller(id) {
  for (let at = /** @type {number | undefined} */ (id); at !== undefined; at = parentOf.get(at)) {
    const { functionName, url, lineNumber } = nodes.get(at).callFrame;
    const own = url.match(/dist\/(server|common)\/(.+)$/);
    if (own) return `${functionName || '(anonymous)'} ${own[1]}/${own[2]}:${lineNumber + 1}`;
  }
  return '(outside the shop: Node, the server, timers)';
}

/** @type {Map<string, number>} */
const byPackage = new Map();
/** @type {Map<string, number>} */
const byShopCaller = new Map();
/** @type {Map<string, number>} */
const byFunction = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = nodes.get(id).callFrame;
  if (functionName === '(idle)') {
    idle += us;
    continue;
  }
  total += us;
  const pkg = packageOf(url, functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
  const caller = shopCaller(id);
  byShopCaller.set(caller, (byShopCaller.get(caller) ?? 0) + us);
  const fn = `${functionName || '(anonymous)'} ${url.replace(/^.*(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
}
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
console.log(`busy ${ms(total)} ms, idle ${ms(idle)} ms\n\nby package:`);
for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
console.log("\nby the shop's nearest function on the stack (its libraries' time included):");
for (const [name, us] of [...byShopCaller].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
console.log('\nby function (self time):');
for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)} ms ${pct(us)}  ${name}`);
