// How a supervisor (gateway/cluster.ts) stops the processes it started: SIGTERM to each, so each
// runs its orderly stop (gateway/stop-on-signal.ts); SIGKILL to any still running after
// `deadlineMs`. Resolves once every one has exited, so the supervisor stops in bounded time.

export interface Stoppable {
  /** Sends a signal; false when the process is already gone. */
  kill(signal: NodeJS.Signals): boolean;
  /** Whether it has exited. */
  exited(): boolean;
  /** Registers a callback for its exit. */
  onExit(callback: () => void): void;
}

export async function stopProcesses(processes: readonly Stoppable[], deadlineMs: number): Promise<{ killed: number }> {
  let killed = 0;
  await Promise.all(
    processes.map(
      (p) =>
        new Promise<void>((resolve) => {
          if (p.exited()) return resolve();
          const timer = setTimeout(() => {
            if (!p.exited() && p.kill('SIGKILL')) killed++;
          }, deadlineMs);
          p.onExit(() => {
            clearTimeout(timer);
            resolve();
          });
          if (!p.kill('SIGTERM') && p.exited()) {
            clearTimeout(timer);
            resolve();
          }
        }),
    ),
  );
  return { killed };
}
