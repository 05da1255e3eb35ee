// The fuzz run: each family of fuzz/families/ in a phase of its own (an equal share of the time),
// against a real server on loopback, while a probe in its own thread times GET /healthcheck
// every 20 ms and the server's RSS is sampled. It fails on any 5xx other than 501 (routes not
// built yet), a crash (a refused connection), a family's own check, a /healthcheck p99 over the
// bound, any single probe over the freeze bound, and RSS over the bound. Each family reports the
// worst /healthcheck time of its phase.
import { Worker } from 'node:worker_threads';
import type { Answer, Case, Failure, FuzzFamily, FuzzTarget, StepContext } from './family.ts';
import { FAMILIES } from './families/index.ts';
import { rng } from './inputs.ts';

export type { FuzzTarget } from './family.ts';

export interface FuzzOptions {
  seed: number;
  durationMs: number;
  /** Concurrent requests in flight (a family may set its own). */
  concurrency?: number;
  truncatedMultipart?: boolean;
  healthP99Ms?: number;
  /** Longest single /healthcheck answer allowed (a freeze). */
  healthMaxMs?: number;
  maxRssBytes?: number;
  /** Reads the server's RSS (its process). */
  rss: () => number;
  /** Only these families (by name); all when absent. */
  kinds?: string[];
  /** The families to draw from (FAMILIES by default). */
  families?: FuzzFamily[];
  onSample?: (sample: { requests: number; rssBytes: number; ms: number }) => void;
}

export interface FamilyReport {
  name: string;
  requests: number;
  byStatus: Record<string, number>;
  failures: number;
  healthProbes: number;
  healthP99Ms: number;
  healthMaxMs: number;
}

export interface FuzzReport {
  requests: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  failures: Failure[];
  families: FamilyReport[];
  healthProbes: number;
  healthP99Ms: number;
  healthMaxMs: number;
  maxRssBytes: number;
}

const p99 = (sorted: number[]) => sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const r = rng(options.seed);
  const doc = (await (await fetch(`${target.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)).map((method) => ({ method, path })));
  const families = (options.families ?? FAMILIES).filter((f) => !options.kinds || options.kinds.includes(f.name));
  const report: FuzzReport = { requests: 0, byKind: {}, byStatus: {}, failures: [], families: [], healthProbes: 0, healthP99Ms: 0, healthMaxMs: 0, maxRssBytes: 0 };
  const started = performance.now();
  const all: number[] = [];
  let phase: { times: number[] } = { times: [] };

  const probe = new Worker(new URL('./probe.ts', import.meta.url), { workerData: { url: `${target.memoryUrl}/healthcheck`, everyMs: 20 } });
  const probeStopped = new Promise<void>((resolve) => probe.on('message', (m) => m === 'stopped' && resolve()));
  probe.on('message', (m: { ms: number; status: number | string } | 'stopped') => {
    if (m === 'stopped') return;
    all.push(m.ms);
    phase.times.push(m.ms);
    if (m.status !== 200) report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: m.status, detail: '' });
    const rssBytes = options.rss();
    report.maxRssBytes = Math.max(report.maxRssBytes, rssBytes);
    options.onSample?.({ requests: report.requests, rssBytes, ms: performance.now() - started });
  });

  const share = options.durationMs / Math.max(1, families.length);
  for (const family of families) {
    const until = performance.now() + share;
    phase = { times: [] };
    const fr: FamilyReport = { name: family.name, requests: 0, byStatus: {}, failures: 0, healthProbes: 0, healthP99Ms: 0, healthMaxMs: 0 };
    const fail = (detail: string, where: Partial<Failure> = {}) => {
      fr.failures++;
      report.failures.push({ kind: family.name, method: '', path: '', status: 'check', detail, ...where });
    };
    const send = async (c: Case, o: { timeoutMs?: number } = {}): Promise<Answer> => {
      report.requests++;
      fr.requests++;
      report.byKind[family.name] = (report.byKind[family.name] ?? 0) + 1;
      let status: number | string;
      let text = '';
      try {
        const res = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body ? new Uint8Array(c.body) : undefined, signal: AbortSignal.timeout(o.timeoutMs ?? 60_000) });
        status = res.status;
        text = await res.text();
      } catch (err) {
        status = `error: ${(err as Error).cause ? String((err as Error & { cause: unknown }).cause) : (err as Error).message}`;
      }
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      fr.byStatus[String(status)] = (fr.byStatus[String(status)] ?? 0) + 1;
      if (typeof status === 'string' || (status >= 500 && status !== 501)) fail(text.slice(0, 200), { method: c.method, path: new URL(c.url).pathname, status });
      return { status, text };
    };
    const ctx: StepContext = { r, target, routes, truncatedMultipart: options.truncatedMultipart ?? true, send, fail, over: () => performance.now() >= until };
    const worker = async () => {
      while (performance.now() < until) {
        try {
          await family.step(ctx);
        } catch (err) {
          fail(`the family's step threw: ${(err as Error).stack ?? err}`);
        }
      }
    };
    await Promise.all(Array.from({ length: family.concurrency ?? options.concurrency ?? 4 }, worker));
    if (family.finish) await family.finish(ctx).catch((err) => fail(`the family's final check threw: ${(err as Error).stack ?? err}`));
    const times = [...phase.times].sort((a, b) => a - b);
    Object.assign(fr, { healthProbes: times.length, healthP99Ms: p99(times), healthMaxMs: times.at(-1) ?? 0 });
    report.families.push(fr);
    if (options.healthMaxMs !== undefined && fr.healthMaxMs > options.healthMaxMs) {
      report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: 'freeze', detail: `${family.name}: a probe took ${fr.healthMaxMs.toFixed(0)} ms, over ${options.healthMaxMs} ms` });
    }
  }
  probe.postMessage('stop');
  await probeStopped;
  await probe.terminate();
  all.sort((a, b) => a - b);
  report.healthProbes = all.length;
  report.healthP99Ms = p99(all);
  report.healthMaxMs = all.at(-1) ?? 0;
  if (options.healthP99Ms !== undefined && report.healthP99Ms > options.healthP99Ms) {
    report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: 'slow', detail: `p99 ${report.healthP99Ms.toFixed(0)} ms over ${options.healthP99Ms} ms` });
  }
  if (options.maxRssBytes !== undefined && report.maxRssBytes > options.maxRssBytes) {
    report.failures.push({ kind: 'rss', method: '', path: '', status: 'memory', detail: `RSS ${(report.maxRssBytes / 2 ** 20).toFixed(0)} MB over ${(options.maxRssBytes / 2 ** 20).toFixed(0)} MB` });
  }
  return report;
}

export function printReport(report: FuzzReport, seed: number): void {
  console.log(`fuzz seed ${seed}: ${report.requests} requests`);
  console.log(`  by status: ${Object.entries(report.byStatus).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  for (const f of report.families) {
    console.log(`  ${f.name.padEnd(18)} ${String(f.requests).padStart(6)} requests, ${f.failures} failures; /healthcheck ${f.healthProbes} probes, p99 ${f.healthP99Ms.toFixed(1)} ms, worst ${f.healthMaxMs.toFixed(1)} ms`);
  }
  console.log(`  /healthcheck: ${report.healthProbes} probes, p99 ${report.healthP99Ms.toFixed(1)} ms, max ${report.healthMaxMs.toFixed(1)} ms; max RSS ${(report.maxRssBytes / 2 ** 20).toFixed(0)} MB`);
  console.log(`  failures: ${report.failures.length}`);
  for (const f of report.failures.slice(0, 20)) console.log(`    ${f.kind} ${f.method} ${f.path} → ${f.status} ${f.detail}`);
}
