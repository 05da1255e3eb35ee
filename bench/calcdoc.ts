// npm run bench:calcdoc — calculation-document jobs from request to completed:
// create_document with 50 and 500 elements, generate_pdf of the 50-element
// document, read of the largest Prime sample and convert of the .xmcd sample,
// beside the spec's typical durations (calculation document 5–15 s, PDF
// 10–30 s) and a no-op diagnostic job measured in the same run (the job
// machinery's own cost). Peak RSS covers the worker threads (same process).
import fs from 'node:fs';
import path from 'node:path';
import { startBenchServer } from './support/server.ts';
import { pct } from './support/stats.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const SAMPLES = new URL('../../shared/samples/calc/', import.meta.url);

function elements(n: number) {
  const out: Record<string, unknown>[] = [];
  let v = 0;
  while (out.length < n) {
    const k = out.length;
    if (k % 10 === 0) out.push({ type: 'text', content: `Section ${k / 10 + 1}`, style: 'heading2' });
    else if (k % 10 === 1) out.push({ type: 'text', content: 'Checks to **ACI 318-19**; loads from *ASCE 7-22*.' });
    else if (k % 10 < 6) {
      const unit = ['kN/m', 'm', 'MPa', 'mm'][k % 4]!;
      out.push({ type: 'variable', name: `x${v++}`, value: 1 + (k % 7), unit, description: `Input ${v}` });
    } else {
      // Uses the last two variables: kN/m·m² → kN·m, MPa·mm² → kN and the like.
      const a = `x${v - 1}`;
      const b = `x${v - 2}`;
      out.push({
        type: 'formula',
        expression: `y${k} := ${a}*${b}^2/8 + sqrt(${a}*${a})*${b}^2`,
        description: 'Demand',
      });
    }
  }
  return out.slice(0, n);
}

const fmt = (xs: number[]) => `p50 ${pct(xs, 0.5).toFixed(1)} ms  p95 ${pct(xs, 0.95).toFixed(1)} ms`;

const { server, dataDir } = await startBenchServer('bench-calcdoc-', {
  ENTERPRISE_RATE_PER_MIN: '10000000',
  POLLING_RATE_PER_MIN: '10000000',
});
const { secret } = await server.platform.keys.create({ name: 'bench', tier: 'enterprise' });

let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);

async function job(pathname: string, body: unknown): Promise<{ ms: number; results: any }> {
  const t = performance.now();
  const res = await fetch(`${server.url}${pathname}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const created = (await res.json()) as { job_id?: string; error?: unknown };
  if (!created.job_id) throw new Error(`${pathname}: ${JSON.stringify(created)}`);
  await new Promise<void>((resolve) => {
    const done = () => (off(), resolve());
    const off = server.platform.jobs.events.subscribe(created.job_id!, (e) => {
      if (e.status === 'completed' || e.status === 'failed') done();
    });
    void server.platform.db.job.findUnique({ where: { id: created.job_id! }, select: { status: true } }).then((j) => {
      if (j && (j.status === 'completed' || j.status === 'failed')) done();
    });
  });
  const ms = performance.now() - t;
  const stored = await server.platform.db.job.findUnique({ where: { id: created.job_id } });
  if (stored?.status !== 'completed') throw new Error(`${pathname} failed: ${JSON.stringify(stored?.errorCode)}`);
  return { ms, results: stored.results };
}

async function measure(
  label: string,
  runs: number,
  run: () => Promise<{ ms: number }>,
  specLowerMs: number | null,
  baseline?: number[],
) {
  peakRss = process.memoryUsage().rss;
  const cold = (await run()).ms;
  const times: number[] = [];
  // CPU time of the whole process (main thread and workers) per job: less sensitive than wall time to other load on the machine.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < runs; i++) times.push((await run()).ms);
  const cpu = process.cpuUsage(cpu0);
  const cpuPerJob = (cpu.user + cpu.system) / 1000 / runs;
  const p50 = pct(times, 0.5);
  const spec = specLowerMs
    ? `   ${(specLowerMs / p50).toFixed(0)}× faster than the spec's ${specLowerMs / 1000} s at p50 (target ≥ 50×: ${specLowerMs / p50 >= 50 ? 'met' : 'MISSED'})`
    : '';
  const base = baseline ? `   ${(p50 / pct(baseline, 0.5)).toFixed(1)}× the no-op job` : '';
  console.log(
    `${label.padEnd(34)} ${fmt(times)}  CPU ${cpuPerJob.toFixed(0)} ms/job  first ${cold.toFixed(0)} ms  peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB${spec}${base}`,
  );
  return times;
}

try {
  console.log(
    `\nbench/calcdoc — ${RUNS} jobs per measure after a first (cold) one, ${server.platform.config.workerThreads} worker threads, Node ${process.version}\n`,
  );
  const noop = await measure('no-op diagnostic job (baseline)', RUNS, diag, null);
  const doc50 = elements(50);
  const doc500 = elements(500);
  await measure(
    'create_document, 50 elements',
    RUNS,
    () => job('/v1/calcdoc/jobs', { operation: 'create_document', document_name: 'Bench 50', elements: doc50 }),
    5000,
    noop,
  );
  await measure(
    'create_document, 500 elements',
    Math.max(3, RUNS / 4),
    () => job('/v1/calcdoc/jobs', { operation: 'create_document', document_name: 'Bench 500', elements: doc500 }),
    5000,
    noop,
  );
  const made = await job('/v1/calcdoc/jobs', {
    operation: 'create_document',
    document_name: 'Bench 50',
    elements: doc50,
  });
  const mcdx50 = Buffer.from(await (await fetch(made.results.file_url)).arrayBuffer()).toString('base64');
  await measure(
    'generate_pdf, 50 elements',
    RUNS,
    () => job('/v1/calcdoc/jobs', { operation: 'generate_pdf', source_file: mcdx50 }),
    10_000,
    noop,
  );
  const largestMcdx = fs
    .readdirSync(new URL('mcdx/', SAMPLES))
    .map((f) => new URL(`mcdx/${f}`, SAMPLES))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const largestXmcd = fs
    .readdirSync(new URL('xmcd/', SAMPLES))
    .map((f) => new URL(`xmcd/${f}`, SAMPLES))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0]!;
  const mcdxB64 = fs.readFileSync(largestMcdx).toString('base64');
  const xmcdB64 = fs.readFileSync(largestXmcd).toString('base64');
  await measure(
    `read ${path.basename(largestMcdx.pathname)} (${(fs.statSync(largestMcdx).size / 1024).toFixed(0)} KB)`,
    Math.max(3, RUNS / 4),
    () => job('/v1/calcdoc/jobs', { operation: 'read', source_file: mcdxB64 }),
    5000,
    noop,
  );
  await measure(
    `generate_pdf of that Prime file`,
    Math.max(3, RUNS / 4),
    () => job('/v1/calcdoc/jobs', { operation: 'generate_pdf', source_file: mcdxB64 }),
    10_000,
    noop,
  );
  await measure(
    `convert ${path.basename(largestXmcd.pathname)} (${(fs.statSync(largestXmcd).size / 1024).toFixed(0)} KB)`,
    RUNS,
    () => job('/v1/calcdoc/convert', { source_file: xmcdB64 }),
    5000,
    noop,
  );
  console.log(
    '\nThe spec gives no separate figure for read and convert; they are set beside the calculation-document lower bound (5 s).\n',
  );
} finally {
  clearInterval(sampler);
  await server.close(1000);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** The job machinery alone: a diagnostic job that sleeps 0 ms in one step. */
async function diag(): Promise<{ ms: number }> {
  const t = performance.now();
  const res = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'mutation { createDiagnosticJob(input: { durationMs: 0, steps: 1 }) { id } }' }),
  });
  const id = ((await res.json()) as any).data.createDiagnosticJob.id as string;
  await new Promise<void>((resolve) => {
    const done = () => (off(), resolve());
    const off = server.platform.jobs.events.subscribe(id, (e) => {
      if (e.status === 'completed' || e.status === 'failed') done();
    });
    void server.platform.db.job.findUnique({ where: { id }, select: { status: true } }).then((j) => {
      if (j && (j.status === 'completed' || j.status === 'failed')) done();
    });
  });
  return { ms: performance.now() - t };
}
