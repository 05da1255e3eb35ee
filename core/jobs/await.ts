// Waiting for a job from inside the platform (an agent's tool that created it, say): the job's
// record once it is completed or failed, or as it stands when the wait ends first. The wait
// follows the job event bus (memory in one process, database polling when another process runs
// the jobs), and reads the record again on each event, so a missed event costs nothing but time.
import type { Principal } from '../auth/keys.ts';
import type { JobService } from './service.ts';
import { TERMINAL, type JobRecord } from './types.ts';

export async function awaitJob(
  jobs: JobService,
  principal: Principal,
  id: string,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<JobRecord> {
  let wake: () => void = () => {};
  const off = jobs.events.subscribe(id, () => wake());
  const deadline = Date.now() + options.timeoutMs;
  try {
    for (;;) {
      // Armed before the read, so an event between the read and the wait is not lost.
      const changed = new Promise<void>((resolve) => (wake = resolve));
      const job = await jobs.get(id, principal);
      const left = deadline - Date.now();
      if (TERMINAL.has(job.status) || left <= 0 || options.signal?.aborted) return job;
      let timer: NodeJS.Timeout | undefined;
      let onAbort: (() => void) | undefined;
      await Promise.race([
        changed,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, left);
          options.signal?.addEventListener('abort', (onAbort = () => resolve()), { once: true });
        }),
      ]);
      clearTimeout(timer);
      if (onAbort) options.signal?.removeEventListener('abort', onAbort);
    }
  } finally {
    off();
  }
}
