// Worker task that holds its thread for `ms` milliseconds without using the CPU (as a task
// descheduled on a loaded machine, or one waiting on something, does): Atomics.wait blocks
// the thread outright.
export default function sleep({ ms }: { ms: number }): { slept: number } {
  const started = performance.now();
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
  return { slept: performance.now() - started };
}
