// The CPU time the shop's processes have used, read from Linux's /proc: on a machine shared with other
// work, the wall times of a run move with the neighbours' load, its CPU time per order much less.
import fs from 'node:fs';

/** Linux's clock ticks a second, in which /proc gives CPU times (USER_HZ, 100 on every common build). */
const ticksPerSecond = 100;

/**
 * The process and its descendants (the server's cluster workers), by their children lists.
 * @param {number} pid
 * @returns {number[]}
 */
function processTree(pid) {
  const children = fs
    .readdirSync(`/proc/${pid}/task`)
    .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/))
    .filter(Boolean)
    .map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/**
 * User and system CPU ticks of one process alone so far.
 * @param {number} pid
 */
function processTicks(pid) {
  // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * User and system CPU milliseconds of the process and its descendants so far; undefined where there is
 * no /proc (not Linux).
 * @param {number | undefined} pid
 */
export function serverCpuMs(pid) {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  const ticks = processTree(pid).reduce((sum, each) => sum + processTicks(each), 0);
  return (ticks / ticksPerSecond) * 1000;
}

/**
 * CPU milliseconds of every process named postgres on this machine so far, each counted alone (the
 * server's backends and writers are all children of its first process): whichever database they
 * serve, as a benchmark runs alone on the machine. Undefined where there is no /proc.
 * @returns {number | undefined}
 */
export function postgresCpuMs() {
  if (!fs.existsSync('/proc')) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') ticks += processTicks(Number(pid));
    } catch {
      // A process that ended while the list was read.
    }
  }
  return (ticks / ticksPerSecond) * 1000;
}
