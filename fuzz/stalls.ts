// The server's event-loop stalls measured in its main thread's own CPU time, so a figure does not
// depend on how loaded the machine is. A timer due every 10 ms notes, at each firing, the wall time
// and the main thread's CPU time since the last: one interval is one turn of the loop (every
// callback that was ready), and its CPU time is about the wall time the same turn takes on an idle
// machine. A health probe waits at most one such turn behind the work in front of it, so the worst
// turn's CPU bounds the worst probe on a quiet machine. Stalls of 50 ms of CPU or more are kept
// with their monotonic times (process.hrtime, the clock of --cpu-prof's samples), to find what ran.
export interface Stall {
  /** Start and end, in microseconds of the monotonic clock (a .cpuprofile's timestamps). */
  startUs: number;
  endUs: number;
  wallMs: number;
  cpuMs: number;
}

export function watchStalls(keepFromCpuMs = 50) {
  const now = () => Number(process.hrtime.bigint() / 1000n);
  const cpu = () => {
    const u = process.threadCpuUsage();
    return (u.user + u.system) / 1000;
  };
  let lastUs = now();
  let lastCpu = cpu();
  let worst: Stall = { startUs: lastUs, endUs: lastUs, wallMs: 0, cpuMs: 0 };
  const kept: Stall[] = [];
  const timer = setInterval(() => {
    const t = now();
    const c = cpu();
    const stall = { startUs: lastUs, endUs: t, wallMs: (t - lastUs) / 1000, cpuMs: c - lastCpu };
    if (stall.cpuMs > worst.cpuMs) worst = stall;
    if (stall.cpuMs >= keepFromCpuMs && kept.length < 10_000) kept.push(stall);
    lastUs = t;
    lastCpu = c;
  }, 10);
  timer.unref();
  return {
    /** The worst turn since the last call, and the kept ones; starts a new period. */
    take(): { worst: Stall; kept: Stall[] } {
      const out = { worst, kept: kept.splice(0) };
      worst = { startUs: lastUs, endUs: lastUs, wallMs: 0, cpuMs: 0 };
      return out;
    },
    stop: () => clearInterval(timer),
  };
}
