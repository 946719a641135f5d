// The orders' CSV export of the whole million, read as a browser downloads it: how soon its first
// bytes arrive, how long the whole file takes, and how much memory the shop's process holds meanwhile
// (sampled from /proc), which stays flat when the export streams and grows with the file when it does not.
import fs from 'node:fs';

/**
 * The resident memory of a process in MiB, or undefined where /proc cannot tell.
 * @param {number} pid
 */
function residentMiB(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kib) ? kib / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * @param {string} shopUrl
 * @param {string} cookie the admin's session
 * @param {number} pid the shop's process
 */
export async function measureOrderExport(shopUrl, cookie, pid) {
  const before = residentMiB(pid);
  let peak = before ?? 0;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMiB(pid) ?? 0)), 100);
  const started = performance.now();
  try {
    const response = await fetch(`${shopUrl}/api/orders.csv`, { headers: { cookie } });
    if (!response.ok || !response.body) throw new Error(`GET /api/orders.csv answered ${response.status}`);
    let firstByte;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      firstByte ??= performance.now() - started;
      bytes += chunk.byteLength;
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
    return { firstByteMs: firstByte ?? 0, totalMs: performance.now() - started, bytes, rows: lines - 1, rssBeforeMiB: before, rssPeakMiB: peak };
  } finally {
    clearInterval(sampler);
  }
}

/** @param {Awaited<ReturnType<typeof measureOrderExport>>} result */
export function describeOrderExport(result) {
  const mib = (/** @type {number | undefined} */ value) => (value === undefined ? 'unknown' : `${value.toFixed(0)} MiB`);
  return (
    `Order CSV export of every order (GET /api/orders.csv, streamed): first bytes after ${result.firstByteMs.toFixed(0)} ms, ` +
    `${result.rows.toLocaleString('en')} rows (${(result.bytes / 2 ** 20).toFixed(0)} MiB) in ${(result.totalMs / 1000).toFixed(1)} s; ` +
    `the shop's memory ${mib(result.rssBeforeMiB)} before, at most ${mib(result.rssPeakMiB)} during.`
  );
}
