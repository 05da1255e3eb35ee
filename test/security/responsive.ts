// Measures that the server keeps answering while a hostile request is served:
// GET /healthcheck (memory service) and GET /v1/codes (gateway) are polled
// back to back until the request settles.
import type { TestServer } from '../helpers/server.ts';

export interface Responsiveness {
  /** Probes answered while the hostile work ran. */
  probes: number;
  /** The slowest probe, in milliseconds. */
  maxMs: number;
  p99Ms: number;
}

export async function whileServing<T>(server: TestServer, work: Promise<T>): Promise<{ value: T; ms: number } & Responsiveness> {
  const started = performance.now();
  let done = false;
  const settled = work.finally(() => (done = true));
  const times: number[] = [];
  const probe = async (url: string) => {
    while (!done) {
      const t = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 304) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const [value] = await Promise.all([settled, probe(`${server.memoryUrl}/healthcheck`), probe(`${server.url}/v1/codes`)]);
  const ms = performance.now() - started;
  times.sort((a, b) => a - b);
  return { value, ms, probes: times.length, maxMs: times.at(-1) ?? 0, p99Ms: times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0 };
}
