// The fuzz run: each family of fuzz/families/ in a phase of its own (an equal share of the time),
// against a real server on loopback, while a probe in its own thread times GET /healthcheck
// every 20 ms and the server's RSS is sampled. It fails on any 5xx other than 501 (routes not
// built yet), a crash (a refused connection), a family's own check, a /healthcheck p99 over the
// bound, any single probe over the freeze bound, and RSS over the bound. Each family reports the
// worst /healthcheck time of its phase.
import { Worker } from 'node:worker_threads';
import type { Answer, Case, Failure, FuzzFamily, FuzzTarget, StepContext } from './family.ts';
import { FAMILIES } from './families/index.ts';
import { caseRng } from './inputs.ts';

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
  /** The server's worst event-loop turn since the last call, in its main thread's CPU time (fuzz/stalls.ts). */
  loopStall?: () => Promise<{ cpuMs: number; wallMs: number }>;
  /** Longest turn of the server's event loop allowed, in main-thread CPU ms (a freeze on a quiet machine). */
  loopMaxCpuMs?: number;
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
  /** The server's longest event-loop turn in the phase: main-thread CPU ms, and its wall ms. */
  loopMaxCpuMs?: number;
  loopMaxWallMs?: number;
  /** The phase's slowest answer (ms, wall) and its case. */
  slowestMs?: number;
  slowestCase?: string;
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

/** The default wait for an answer; a family whose route documents a longer bound gives it (fuzz/bounds.ts). */
const ANSWER_TIMEOUT_MS = 60_000;

/** One request, timed; no answer within `timeoutMs` is a status string saying why. */
export async function sendCase(c: Case, timeoutMs = ANSWER_TIMEOUT_MS): Promise<Answer & { ms: number }> {
  const started = performance.now();
  try {
    const res = await fetch(c.url, {
      method: c.method,
      headers: c.headers,
      body: c.body ? new Uint8Array(c.body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    return { status: res.status, text, ms: performance.now() - started };
  } catch (err) {
    const cause = (err as Error & { cause?: unknown }).cause;
    const ms = performance.now() - started;
    return {
      status: `error: ${cause ? String(cause) : (err as Error).message}${(err as Error).name === 'TimeoutError' ? ` (no answer in ${timeoutMs} ms)` : ''}`,
      text: '',
      ms,
    };
  }
}

/**
 * What an answer breaks, or null: no answer, a 5xx other than 501 (routes not built yet), or a
 * worker task stopped at its time limit — every fuzz input is small, and one that holds a thread
 * for the whole limit (60–120 s of CPU) is a freeze of its own (the round-3 CI failure).
 */
export function brokenPromise(answer: Answer): string | null {
  if (typeof answer.status === 'string' || (answer.status >= 500 && answer.status !== 501))
    return answer.text.slice(0, 200);
  if (answer.text.includes('"worker_task_timeout_ms"'))
    return `a worker task spent its whole time limit: ${answer.text.slice(0, 200)}`;
  return null;
}

const p99 = (sorted: number[]) => sorted[Math.max(0, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const doc = (await (await fetch(`${target.url}/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
      .map((method) => ({ method, path })),
  );
  const families = (options.families ?? FAMILIES).filter((f) => !options.kinds || options.kinds.includes(f.name));
  const report: FuzzReport = {
    requests: 0,
    byKind: {},
    byStatus: {},
    failures: [],
    families: [],
    healthProbes: 0,
    healthP99Ms: 0,
    healthMaxMs: 0,
    maxRssBytes: 0,
  };
  const started = performance.now();
  const all: number[] = [];
  let phase: { times: number[] } = { times: [] };

  const probe = new Worker(new URL('./probe.ts', import.meta.url), {
    workerData: { url: `${target.memoryUrl}/healthcheck`, everyMs: 20 },
  });
  const probeStopped = new Promise<void>((resolve) => probe.on('message', (m) => m === 'stopped' && resolve()));
  probe.on('message', (m: { ms: number; status: number | string } | 'stopped') => {
    if (m === 'stopped') return;
    all.push(m.ms);
    phase.times.push(m.ms);
    if (m.status !== 200)
      report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: m.status, detail: '' });
    const rssBytes = options.rss();
    report.maxRssBytes = Math.max(report.maxRssBytes, rssBytes);
    options.onSample?.({ requests: report.requests, rssBytes, ms: performance.now() - started });
  });

  await options.loopStall?.();
  const share = options.durationMs / Math.max(1, families.length);
  for (const family of families) {
    const until = performance.now() + share;
    phase = { times: [] };
    const fr: FamilyReport = {
      name: family.name,
      requests: 0,
      byStatus: {},
      failures: 0,
      healthProbes: 0,
      healthP99Ms: 0,
      healthMaxMs: 0,
    };
    const fail = (detail: string, where: Partial<Failure> = {}) => {
      fr.failures++;
      report.failures.push({ kind: family.name, method: '', path: '', status: 'check', detail, ...where });
    };
    const send = async (c: Case, o: { timeoutMs?: number } = {}, caseId?: string): Promise<Answer> => {
      report.requests++;
      fr.requests++;
      report.byKind[family.name] = (report.byKind[family.name] ?? 0) + 1;
      const answer = await sendCase(c, o.timeoutMs);
      const status = String(answer.status);
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      fr.byStatus[status] = (fr.byStatus[status] ?? 0) + 1;
      if (answer.ms > (fr.slowestMs ?? 0)) Object.assign(fr, { slowestMs: answer.ms, slowestCase: caseId });
      const broken = brokenPromise(answer);
      if (broken)
        fail(broken, { method: c.method, path: new URL(c.url).pathname, status: answer.status, case: caseId });
      return answer;
    };
    const base = {
      target,
      routes,
      truncatedMultipart: options.truncatedMultipart ?? true,
      over: () => performance.now() >= until,
    };
    // Each step its own generator and name (caseRng), so a failing case can be sent again alone.
    let next = 0;
    const stepContext = (index: number): StepContext => {
      const caseId = `${family.name}#${index}`;
      return {
        ...base,
        r: caseRng(options.seed, family.name, index),
        caseId,
        send: (c, o) => send(c, o, caseId),
        fail: (detail, where) => fail(detail, { case: caseId, ...where }),
      };
    };
    const worker = async () => {
      while (performance.now() < until) {
        const ctx = stepContext(next++);
        try {
          await family.step(ctx);
        } catch (err) {
          ctx.fail(`the family's step threw: ${(err as Error).stack ?? err}`);
        }
      }
    };
    await Promise.all(Array.from({ length: family.concurrency ?? options.concurrency ?? 4 }, worker));
    if (family.finish)
      await family
        .finish(stepContext(next++))
        .catch((err) => fail(`the family's final check threw: ${(err as Error).stack ?? err}`));
    const times = [...phase.times].sort((a, b) => a - b);
    Object.assign(fr, { healthProbes: times.length, healthP99Ms: p99(times), healthMaxMs: times.at(-1) ?? 0 });
    const stall = await options.loopStall?.();
    if (stall) Object.assign(fr, { loopMaxCpuMs: stall.cpuMs, loopMaxWallMs: stall.wallMs });
    report.families.push(fr);
    if (stall && options.loopMaxCpuMs !== undefined && stall.cpuMs > options.loopMaxCpuMs) {
      report.failures.push({
        kind: 'event-loop',
        method: '',
        path: '',
        status: 'freeze',
        detail: `${family.name}: one turn of the server's event loop took ${stall.cpuMs.toFixed(0)} ms of its CPU, over ${options.loopMaxCpuMs} ms`,
      });
    }
    if (options.healthMaxMs !== undefined && fr.healthMaxMs > options.healthMaxMs) {
      report.failures.push({
        kind: 'healthcheck',
        method: 'GET',
        path: '/healthcheck',
        status: 'freeze',
        detail: `${family.name}: a probe took ${fr.healthMaxMs.toFixed(0)} ms, over ${options.healthMaxMs} ms`,
      });
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
    report.failures.push({
      kind: 'healthcheck',
      method: 'GET',
      path: '/healthcheck',
      status: 'slow',
      detail: `p99 ${report.healthP99Ms.toFixed(0)} ms over ${options.healthP99Ms} ms`,
    });
  }
  if (options.maxRssBytes !== undefined && report.maxRssBytes > options.maxRssBytes) {
    report.failures.push({
      kind: 'rss',
      method: '',
      path: '',
      status: 'memory',
      detail: `RSS ${(report.maxRssBytes / 2 ** 20).toFixed(0)} MB over ${(options.maxRssBytes / 2 ** 20).toFixed(0)} MB`,
    });
  }
  return report;
}

export function printReport(report: FuzzReport, seed: number): void {
  console.log(`fuzz seed ${seed}: ${report.requests} requests`);
  console.log(
    `  by status: ${Object.entries(report.byStatus)
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  for (const f of report.families) {
    console.log(
      `  ${f.name.padEnd(18)} ${String(f.requests).padStart(6)} requests, ${f.failures} failures; /healthcheck ${f.healthProbes} probes, p99 ${f.healthP99Ms.toFixed(1)} ms, worst ${f.healthMaxMs.toFixed(1)} ms${f.loopMaxCpuMs === undefined ? '' : `; longest loop turn ${f.loopMaxCpuMs.toFixed(0)} ms CPU (${f.loopMaxWallMs!.toFixed(0)} ms wall)`}${f.slowestMs === undefined ? '' : `; slowest answer ${f.slowestMs.toFixed(0)} ms (${f.slowestCase})`}`,
    );
  }
  console.log(
    `  /healthcheck: ${report.healthProbes} probes, p99 ${report.healthP99Ms.toFixed(1)} ms, max ${report.healthMaxMs.toFixed(1)} ms; max RSS ${(report.maxRssBytes / 2 ** 20).toFixed(0)} MB`,
  );
  console.log(`  failures: ${report.failures.length}`);
  for (const f of report.failures.slice(0, 20))
    console.log(`    ${f.kind}${f.case ? ` (${f.case})` : ''} ${f.method} ${f.path} → ${f.status} ${f.detail}`);
  const replay = report.failures.find((f) => f.case);
  if (replay) console.log(`  send a failing case again: npm run fuzz:replay -- --seed ${seed} --case ${replay.case}`);
}
