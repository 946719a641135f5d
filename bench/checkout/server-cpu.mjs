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
 * User and system CPU milliseconds of the process and its descendants so far; undefined where there is
 * no /proc (not Linux).
 * @param {number | undefined} pid
 */
export function serverCpuMs(pid) {
  if (pid === undefined || !fs.existsSync(`/proc/${pid}/stat`)) return undefined;
  let ticks = 0;
  for (const each of processTree(pid)) {
    // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th of them.
    const fields = fs.readFileSync(`/proc/${each}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return (ticks / ticksPerSecond) * 1000;
}
