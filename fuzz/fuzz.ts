// The fuzz run: seeded malformed inputs to every REST route of the OpenAPI
// document, the GraphQL endpoint and the memory service, on loopback against
// a real server, while a probe times GET /healthcheck and RSS is sampled.
// It fails on any 5xx other than 501 (routes not built yet), on a crash (a
// refused connection), on a /healthcheck p99 over the bound and on RSS over
// the bound.
import { graphqlBody, jsonBody, multipartBody, pdfBytes, rng, xmlText, zipBytes, type Rand } from './inputs.ts';

export interface FuzzTarget {
  url: string;
  memoryUrl: string;
  /** A key of an enterprise account (so rate limits do not hide the parsers). */
  key: string;
}

export interface FuzzOptions {
  seed: number;
  durationMs: number;
  /** Concurrent requests in flight. */
  concurrency?: number;
  /** Cut multipart bodies short (the stream-error case of issue 11, item 1, handled at the edge). */
  truncatedMultipart?: boolean;
  healthP99Ms?: number;
  maxRssBytes?: number;
  /** Reads the server's RSS (its process). */
  rss: () => number;
  /** Only these input families (`graphql`, `multipart-pdf`, …); all when absent. To find which family a resource grows with. */
  kinds?: string[];
  /** Called with each RSS sample and the requests answered so far (a trace of memory against work done). */
  onSample?: (sample: { requests: number; rssBytes: number; ms: number }) => void;
}

export interface FuzzReport {
  requests: number;
  byKind: Record<string, number>;
  byStatus: Record<string, number>;
  failures: { kind: string; method: string; path: string; status: number | string; detail: string }[];
  healthProbes: number;
  healthP99Ms: number;
  healthMaxMs: number;
  maxRssBytes: number;
}

interface Case {
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const b64 = (b: Buffer) => b.toString('base64');

function cases(r: Rand, target: FuzzTarget, routes: { method: string; path: string }[], options: FuzzOptions): Case {
  const auth = { authorization: `Bearer ${target.key}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const fill = (path: string) => path.replace(/\{[^{}]+\}/g, () => encodeURIComponent(['x', '00000000-0000-4000-8000-000000000000', '..%2F..', 'a'.repeat(300), '%00'][Math.floor(r() * 5)]!));
  const pickOne = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  switch (Math.floor(r() * 8)) {
    case 0:
      return { kind: 'graphql', method: 'POST', url: `${target.url}/graphql`, headers: json, body: graphqlBody(r) };
    case 1: {
      const { body, contentType } = multipartBody(r, pdfBytes(r), { truncated: options.truncatedMultipart ?? true });
      return { kind: 'multipart-pdf', method: 'POST', url: `${target.url}/v1/drawings`, headers: { ...auth, 'content-type': contentType }, body };
    }
    case 2:
      return { kind: 'zip-ooxml', method: 'POST', url: `${target.url}/v1/spreadsheet/jobs`, headers: json, body: jsonBody(r, { operation: 'populate_template', template_file: b64(zipBytes(r)), data_mappings: { A: 1 } }) };
    case 3:
      return { kind: 'zip-mcdx', method: 'POST', url: `${target.url}/v1/calcdoc/jobs`, headers: json, body: jsonBody(r, { operation: pickOne(['read', 'generate_pdf']), source_file: b64(zipBytes(r)) }) };
    case 4:
      return { kind: 'xml', method: 'POST', url: `${target.url}/v1/calcdoc/convert`, headers: json, body: jsonBody(r, { source_file: b64(xmlText(r)) }) };
    case 5: {
      const paths = ['/messages', '/search', '/get-memory', '/entity-node', '/episodes/g?last_n=x', '/entity-edge/x', '/group/g'];
      const path = pickOne(paths);
      const get = path.startsWith('/episodes') || path.startsWith('/entity-edge');
      const body = get ? undefined : jsonBody(r, { group_id: 'g', messages: [{ content: 'Beam B3 uses a W12x26.', role_type: 'user', role: 'M' }], query: 'beam' });
      return { kind: 'memory-json', method: get ? 'GET' : 'POST', url: `${target.memoryUrl}${path}`, headers: { 'x-api-key': target.key, 'content-type': 'application/json' }, body };
    }
    default: {
      const route = pickOne(routes);
      const method = route.method.toUpperCase();
      return { kind: 'rest-json', method, url: `${target.url}${fill(route.path)}`, headers: json, body: method === 'GET' || method === 'DELETE' ? undefined : jsonBody(r, { query: 'shear', page: 1 }) };
    }
  }
}

export async function runFuzz(target: FuzzTarget, options: FuzzOptions): Promise<FuzzReport> {
  const r = rng(options.seed);
  const doc = (await (await fetch(`${target.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, unknown>> };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m)).map((method) => ({ method, path })));
  const report: FuzzReport = { requests: 0, byKind: {}, byStatus: {}, failures: [], healthProbes: 0, healthP99Ms: 0, healthMaxMs: 0, maxRssBytes: 0 };
  const started = performance.now();
  const until = started + options.durationMs;
  const health: number[] = [];
  let running = true;

  const probe = (async () => {
    while (running) {
      const t = performance.now();
      try {
        const res = await fetch(`${target.memoryUrl}/healthcheck`);
        await res.arrayBuffer();
        if (res.status !== 200) report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: res.status, detail: '' });
      } catch (err) {
        report.failures.push({ kind: 'healthcheck', method: 'GET', path: '/healthcheck', status: 'no answer', detail: String(err) });
      }
      health.push(performance.now() - t);
      const rssBytes = options.rss();
      report.maxRssBytes = Math.max(report.maxRssBytes, rssBytes);
      options.onSample?.({ requests: report.requests, rssBytes, ms: performance.now() - started });
      await new Promise((res) => setTimeout(res, 20));
    }
  })();

  const next = (): Case => {
    for (;;) {
      const c = cases(r, target, routes, options);
      if (!options.kinds || options.kinds.includes(c.kind)) return c;
    }
  };
  const worker = async () => {
    while (performance.now() < until) {
      const c = next();
      report.requests++;
      report.byKind[c.kind] = (report.byKind[c.kind] ?? 0) + 1;
      let status: number | string;
      let detail = '';
      try {
        const res = await fetch(c.url, { method: c.method, headers: c.headers, body: c.body ? new Uint8Array(c.body) : undefined, signal: AbortSignal.timeout(60_000) });
        status = res.status;
        detail = (await res.text()).slice(0, 200);
      } catch (err) {
        status = `error: ${(err as Error).cause ? String((err as Error & { cause: unknown }).cause) : (err as Error).message}`;
      }
      report.byStatus[String(status)] = (report.byStatus[String(status)] ?? 0) + 1;
      if (typeof status === 'string' || (status >= 500 && status !== 501)) report.failures.push({ kind: c.kind, method: c.method, path: new URL(c.url).pathname, status, detail });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  running = false;
  await probe;
  health.sort((a, b) => a - b);
  report.healthProbes = health.length;
  report.healthP99Ms = health[Math.max(0, Math.ceil(health.length * 0.99) - 1)] ?? 0;
  report.healthMaxMs = health.at(-1) ?? 0;
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
  console.log(`  by input: ${Object.entries(report.byKind).map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  by status: ${Object.entries(report.byStatus).sort().map(([k, n]) => `${k} ${n}`).join(', ')}`);
  console.log(`  /healthcheck: ${report.healthProbes} probes, p99 ${report.healthP99Ms.toFixed(1)} ms, max ${report.healthMaxMs.toFixed(1)} ms; max RSS ${(report.maxRssBytes / 2 ** 20).toFixed(0)} MB`);
  console.log(`  failures: ${report.failures.length}`);
  for (const f of report.failures.slice(0, 20)) console.log(`    ${f.kind} ${f.method} ${f.path} → ${f.status} ${f.detail}`);
}
