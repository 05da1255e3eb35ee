// How every long-running entry point (npm start, a cluster's gateway replica, a subgraph process,
// a job worker) stops: on SIGTERM or SIGINT, or when the supervisor that started it is gone (its
// IPC channel closes), it runs its own orderly stop once, in which requests and jobs in flight get
// the grace period. Past the grace period and STOP_BACKSTOP_MS the process exits anyway: a stop
// must end in bounded time whatever hangs in it (a connection that never finishes its body, a
// store that never answers), or a supervisor's SIGTERM leaves it running (issue 29, finding 18).
import type { Logger } from 'pino';

/** How long past the grace period an orderly stop may take before the process exits without it. */
export const STOP_BACKSTOP_MS = 10_000;

export function stopOnSignal(log: Logger, graceMs: number, stop: () => Promise<void>): void {
  let stopping = false;
  const begin = (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'shutting down: finishing in-flight requests and jobs');
    const backstop = setTimeout(() => {
      log.error({ afterMs: graceMs + STOP_BACKSTOP_MS }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, graceMs + STOP_BACKSTOP_MS);
    backstop.unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => begin(signal));
  // Started by a supervisor with an IPC channel (gateway/cluster.ts): its end means the supervisor died.
  if (process.send) process.once('disconnect', () => begin('supervisor gone'));
}
