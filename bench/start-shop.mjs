// Starts the built shop (dist/) as `npm start` serves it, on a fresh SQLite data folder and its own port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export async function startShop(port, env = {}) {
  if (!fs.existsSync('dist/server/server.js') || !fs.existsSync('dist/web/index.html')) {
    throw new Error('No build in dist/: run "npm run build" first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'joinery-bench-'));
  // BENCH_CPU_PROFILE_DIR: the shop's processes write V8 CPU profiles there when they exit, to read
  // in Chrome's DevTools or summarise with `node bench/profile-summary.mjs <file>`.
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profiling = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profiling, 'dist/server/server.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (
      await fetch(`${url}/api/health`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function machineDescription() {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}`;
}
