// The job event bus seam: in one process events go through memory; when the
// job runner lives in another process the gateway polls the database. Redis
// pub/sub implements the same interface at scale-out.
import { EventEmitter } from 'node:events';
import type { Database } from '../db/client.ts';
import type { JobEvent, JobStatus } from './types.ts';

export interface JobEventBus {
  publish(event: JobEvent): void;
  subscribe(jobId: string, listener: (event: JobEvent) => void): () => void;
  close(): void;
}

export function createLocalEventBus(): JobEventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (event) => emitter.emit(event.jobId, event),
    subscribe(jobId, listener) {
      emitter.on(jobId, listener);
      return () => emitter.off(jobId, listener);
    },
    close: () => emitter.removeAllListeners(),
  };
}

/** Watches the jobs that have subscribers with one query per interval for all of them. */
export function createPollingEventBus(db: Database, intervalMs = 100): JobEventBus {
  const local = createLocalEventBus();
  const watched = new Map<string, { count: number; last: string | null }>();
  let timer: NodeJS.Timeout | null = null;
  let polling = false;

  async function poll(): Promise<void> {
    if (polling || watched.size === 0) return;
    polling = true;
    try {
      const rows = await db.job.findMany({
        where: { id: { in: [...watched.keys()] } },
        select: { id: true, status: true, progress: true },
      });
      for (const row of rows) {
        const entry = watched.get(row.id);
        const key = `${row.status}:${row.progress}`;
        if (!entry || entry.last === key) continue;
        entry.last = key;
        local.publish({ jobId: row.id, status: row.status as JobStatus, progress: row.progress });
      }
    } catch {
      // A failed poll is retried on the next tick; subscribers see the next change.
    } finally {
      polling = false;
    }
  }

  return {
    publish: (event) => local.publish(event),
    subscribe(jobId, listener) {
      const entry = watched.get(jobId) ?? { count: 0, last: null };
      entry.count++;
      watched.set(jobId, entry);
      timer ??= setInterval(() => void poll(), intervalMs).unref();
      const off = local.subscribe(jobId, listener);
      return () => {
        off();
        const e = watched.get(jobId);
        if (e && --e.count === 0) watched.delete(jobId);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
    close() {
      if (timer) clearInterval(timer);
      timer = null;
      watched.clear();
      local.close();
    },
  };
}
