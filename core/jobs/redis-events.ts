// Job events over Redis pub/sub (REDIS_URL): a worker in any process publishes, and every gateway
// replica with a subscriber for that job hears it at once, without polling the database.
//
// Pub/sub delivers to whoever listens at that moment, so events published while this process was
// cut off from Redis are lost. The bus therefore re-reads the watched jobs' rows once Redis is
// back, and every second while it is away, and hands on what changed: a subscriber always ends up
// seeing the job's current (at last terminal) state.
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import { connectRedis, connectRedisPatient } from '../redis.ts';
import { createLocalEventBus, type JobEventBus } from './events.ts';
import { TERMINAL, type JobEvent, type JobStatus } from './types.ts';

export function createRedisEventBus(url: string, prefix: string, db: Database, offlinePollMs = 1_000): JobEventBus {
  const pub: Redis = connectRedis(url, `${prefix}:job-events:pub`);
  const sub: Redis = connectRedisPatient(url, `${prefix}:job-events:sub`);
  const channelPrefix = `${prefix}:job-events:`;
  const local = createLocalEventBus();
  // Per watched job: how many local subscribers, and the last status:progress handed on.
  const watched = new Map<string, { count: number; last: string | null }>();

  const deliver = (event: JobEvent) => {
    const entry = watched.get(event.jobId);
    if (!entry) return;
    entry.last = `${event.status}:${event.progress}`;
    local.publish(event);
  };

  sub.on('message', (channel: string, message: string) => {
    if (!channel.startsWith(channelPrefix)) return;
    try {
      deliver(JSON.parse(message) as JobEvent);
    } catch {
      // Not one of ours: ignored.
    }
  });

  let resyncing = false;
  async function resync(): Promise<void> {
    if (resyncing || watched.size === 0) return;
    resyncing = true;
    try {
      const rows = await db.job.findMany({
        where: { id: { in: [...watched.keys()] } },
        select: { id: true, status: true, progress: true },
      });
      for (const row of rows) {
        const entry = watched.get(row.id);
        if (entry && entry.last !== `${row.status}:${row.progress}`)
          deliver({ jobId: row.id, status: row.status as JobStatus, progress: row.progress });
      }
    } catch {
      // The next reconnect or tick tries again.
    } finally {
      resyncing = false;
    }
  }
  // ioredis re-subscribes every channel after a reconnect; what was published meanwhile is read from the database.
  sub.on('ready', () => void resync());
  const offline = setInterval(() => {
    if (sub.status !== 'ready') void resync();
  }, offlinePollMs);
  offline.unref();

  return {
    publish(event) {
      // Local subscribers hear it from Redis like everyone else; only when Redis is away do they hear it directly.
      pub.publish(channelPrefix + event.jobId, JSON.stringify(event)).catch(() => deliver(event));
    },
    subscribe(jobId, listener) {
      const entry = watched.get(jobId) ?? { count: 0, last: null };
      if (entry.count++ === 0) {
        watched.set(jobId, entry);
        // An event published before Redis took the SUBSCRIBE is missed; the one that matters is the last.
        sub
          .subscribe(channelPrefix + jobId)
          .then(() => db.job.findUnique({ where: { id: jobId }, select: { status: true, progress: true } }))
          .then((row) => {
            if (row && TERMINAL.has(row.status as JobStatus))
              deliver({ jobId, status: row.status as JobStatus, progress: row.progress });
          })
          .catch(() => undefined);
      }
      const off = local.subscribe(jobId, listener);
      return () => {
        off();
        const e = watched.get(jobId);
        if (e && --e.count === 0) {
          watched.delete(jobId);
          sub.unsubscribe(channelPrefix + jobId).catch(() => undefined);
        }
      };
    },
    close() {
      clearInterval(offline);
      watched.clear();
      local.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}
