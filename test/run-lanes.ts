// `npm test`: every step runs even when an earlier one fails, so a red unit test does not hide the
// desktop tests; the command still fails when any step failed. A summary names each step's outcome
// and time at the end. Steps (docs/guides/testing.md):
//   typecheck, lint and the format check (side by side: each is one thread),
//   the unit lane, the integration lane (coverage collected and printed), desktop.
// TEST_STEPS=typecheck,lint (a comma list) runs only those steps.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Step {
  name: string;
  command: string[];
}

/** Steps in one group run side by side (their output is printed whole, one after the other); groups run in turn. */
const GROUPS: Step[][] = [
  [
    { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', '.'] },
    { name: 'lint', command: ['npx', 'eslint', '.'] },
    { name: 'format', command: ['npx', 'prettier', '--check', '.'] },
  ],
  // Coverage is collected in the integration lane only: it drives the product's code end to end, and
  // V8's block counters cost the unit lane's CPU-bound algorithm tests 56% more CPU (124 s -> 194 s).
  [{ name: 'unit', command: ['npx', 'vitest', 'run', '--project', 'unit'] }],
  [{ name: 'integration', command: ['npx', 'vitest', 'run', '--project', 'integration', '--coverage'] }],
  [{ name: 'desktop', command: ['npm', 'test', '--workspace', 'desktop'] }],
];

interface Result {
  name: string;
  status: number;
  seconds: number;
}

const banner = (step: Step) => `\n=== npm test: ${step.name} (${step.command.join(' ')})\n`;

/** Runs a step; alone it prints as it goes, beside others its output is kept and printed when it ends. */
function run(step: Step, alone: boolean): Promise<Result> {
  const started = performance.now();
  if (alone) console.log(banner(step));
  const child = spawn(step.command[0]!, step.command.slice(1), {
    cwd: ROOT,
    stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (b: Buffer) => output.push(b));
  child.stderr?.on('data', (b: Buffer) => output.push(b));
  return new Promise((resolve) => {
    child.on('error', (err) => output.push(Buffer.from(`${err.message}\n`)));
    child.on('close', (code) => {
      if (!alone) process.stdout.write(`${banner(step)}\n${Buffer.concat(output).toString()}`);
      resolve({ name: step.name, status: code ?? 1, seconds: (performance.now() - started) / 1000 });
    });
  });
}

const only = process.env.TEST_STEPS?.split(',').map((s) => s.trim());
const results: Result[] = [];
for (const group of GROUPS) {
  const steps = group.filter((step) => !only || only.includes(step.name.split(' ')[0]!));
  results.push(...(await Promise.all(steps.map((step) => run(step, steps.length === 1)))));
}

console.log('\n=== npm test: summary');
for (const r of results) console.log(`${r.status === 0 ? 'passed' : 'FAILED'}  ${r.name}  ${r.seconds.toFixed(0)} s`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
