// Measures that the server keeps answering while a hostile request is served:
// GET /healthcheck (memory service) and GET /v1/codes (gateway) are polled
// back to back until the request settles.
//
// The test server runs in the test's own process, so its event loop is this thread: the CPU time
// this thread spends while a probe waits is how long the loop could not answer it, whatever else
// the machine is doing. Tests assert on those CPU figures (cpuMs, maxProbeCpuMs); the wall-clock
// figures are printed for the reader, since a busy machine stretches them without any fault here.
import { threadCpuMs } from '../helpers/cpu.ts';
import type { TestServer } from '../helpers/server.ts';

export { onThreadCpu, threadCpuMs } from '../helpers/cpu.ts';

export interface Responsiveness {
  /** Probes answered while the hostile work ran. */
  probes: number;
  /** The slowest probe, in milliseconds of wall-clock time (printed, not asserted: load stretches it). */
  maxMs: number;
  p99Ms: number;
  /** The most CPU time this thread (the server's event loop) spent while one probe waited. */
  maxProbeCpuMs: number;
}

export async function whileServing<T>(
  server: TestServer,
  work: Promise<T>,
): Promise<{ value: T; ms: number; cpuMs: number } & Responsiveness> {
  const started = performance.now();
  const startedCpu = threadCpuMs();
  let done = false;
  const settled = work.finally(() => (done = true));
  const times: number[] = [];
  let maxProbeCpuMs = 0;
  const probe = async (url: string) => {
    while (!done) {
      const t = performance.now();
      const cpu = threadCpuMs();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status !== 200 && res.status !== 304) throw new Error(`${url} answered ${res.status}`);
      times.push(performance.now() - t);
      maxProbeCpuMs = Math.max(maxProbeCpuMs, threadCpuMs() - cpu);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  const [value] = await Promise.all([
    settled,
    probe(`${server.memoryUrl}/healthcheck`),
    probe(`${server.url}/v1/codes`),
  ]);
  const ms = performance.now() - started;
  const cpuMs = threadCpuMs() - startedCpu;
  times.sort((a, b) => a - b);
  return {
    value,
    ms,
    cpuMs,
    probes: times.length,
    maxMs: times.at(-1) ?? 0,
    p99Ms: times[Math.max(0, Math.ceil(times.length * 0.99) - 1)] ?? 0,
    maxProbeCpuMs,
  };
}
