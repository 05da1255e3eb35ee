// Connections to the Redis server of a scale-out deployment (REDIS_URL). Without REDIS_URL
// nothing here is used: the embedded default keeps jobs, events, limits and caches in-process.
import { Redis } from 'ioredis';

/**
 * A connection that never blocks its caller while Redis is away: commands fail at once
 * (no offline queue) instead of piling up, so a request that only wanted a rate-limit count or
 * a cached answer falls back to its in-process path. It reconnects by itself, every 0.2–2 s.
 */
export function connectRedis(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
  });
  // ioredis reports every failed reconnect as an 'error' event; without a listener Node would throw.
  redis.on('error', () => undefined);
  return redis;
}

/**
 * A connection for BullMQ's workers and pub/sub: commands wait through a Redis restart and run
 * once it is back (BullMQ requires maxRetriesPerRequest: null for its blocking reads).
 */
export function connectRedisPatient(url: string, name: string): Redis {
  const redis = new Redis(url, {
    connectionName: name,
    maxRetriesPerRequest: null,
    retryStrategy: (times) => Math.min(200 * times, 2_000),
  });
  redis.on('error', () => undefined);
  return redis;
}

/** Waits (at most timeoutMs) for a connection to be ready; false if Redis is not there yet, which the caller tolerates. */
export function whenReady(redis: Redis, timeoutMs: number): Promise<boolean> {
  if (redis.status === 'ready') return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      clearTimeout(timer);
      redis.off('ready', onReady);
      resolve(ok);
    };
    const onReady = () => done(true);
    const timer = setTimeout(() => done(false), timeoutMs);
    redis.on('ready', onReady);
  });
}
