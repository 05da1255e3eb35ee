// `npm test`: every step runs even when an earlier one fails, so a red unit test does not hide the
// desktop tests; the command still fails when any step failed. A summary names each step's outcome
// and time at the end. Steps (docs/guides/testing.md):
//   typecheck, lint, the unit and integration lanes (one vitest run, coverage printed), desktop.
// TEST_STEPS=typecheck,lint (a comma list) runs only those steps.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const STEPS: { name: string; command: string[] }[] = [
  { name: 'typecheck', command: ['npx', 'tsc', '--noEmit', '-p', '.'] },
  { name: 'lint', command: ['npx', 'eslint', '.'] },
  {
    name: 'unit + integration',
    command: ['npx', 'vitest', 'run', '--project', 'unit', '--project', 'integration', '--coverage'],
  },
  { name: 'desktop', command: ['npm', 'test', '--workspace', 'desktop'] },
];

const only = process.env.TEST_STEPS?.split(',').map((s) => s.trim());
const results: { name: string; status: number; seconds: number }[] = [];
for (const step of STEPS) {
  if (only && !only.includes(step.name.split(' ')[0]!)) continue;
  console.log(`\n=== npm test: ${step.name} (${step.command.join(' ')})\n`);
  const started = performance.now();
  const run = spawnSync(step.command[0]!, step.command.slice(1), { cwd: ROOT, stdio: 'inherit' });
  results.push({ name: step.name, status: run.status ?? 1, seconds: (performance.now() - started) / 1000 });
}

console.log('\n=== npm test: summary');
for (const r of results) console.log(`${r.status === 0 ? 'passed' : 'FAILED'}  ${r.name}  ${r.seconds.toFixed(0)} s`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
