// A task that does nothing: core/jobs/worker-pool.ts runs it to make piscina
// start the thread that replaces one it terminated (see replaceStoppedThread).
export default function noop(): null {
  return null;
}
