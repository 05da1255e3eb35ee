// This thread's CPU time, for tests that bound work without a wall clock: a busy machine stretches
// the clock but not the CPU a computation needs (the brief: no wall-clock assertion in tests).

/** This thread's CPU time so far, in milliseconds (user + system). */
export function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** The CPU time this thread spends running `fn`, in milliseconds, with its result. */
export function onThreadCpu<T>(fn: () => T): { value: T; cpuMs: number } {
  const start = threadCpuMs();
  const value = fn();
  return { value, cpuMs: threadCpuMs() - start };
}
