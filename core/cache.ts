// A short-lived cache of computed answers (identical code searches, say). In one process it is a
// bounded map; with REDIS_URL it is Redis, so every worker answers a repeated search from the
// first one's work. A cache is an optimisation: when Redis is away, get misses and set is dropped.
import type { Redis } from 'ioredis';

export interface Cache {
  get<T>(key: string): Promise<T | null>;
  /** Keeps `value` (JSON-serialisable) for `ttlSeconds`. */
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
}

/** At most `maxEntries` at once: past it the map is emptied, which bounds memory without bookkeeping per entry. */
export function createMemoryCache(maxEntries = 500): Cache {
  const entries = new Map<string, { until: number; value: unknown }>();
  return {
    async get<T>(key: string) {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.until <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return hit.value as T;
    },
    async set(key, value, ttlSeconds) {
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { until: Date.now() + ttlSeconds * 1000, value });
    },
  };
}

/** Values are JSON under `prefix`+key with Redis's own expiry. */
export function createRedisCache(redis: Redis, prefix: string): Cache {
  return {
    async get<T>(key: string) {
      try {
        const raw = await redis.get(prefix + key);
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    async set(key, value, ttlSeconds) {
      if (ttlSeconds <= 0) return;
      await redis.set(prefix + key, JSON.stringify(value), 'EX', Math.ceil(ttlSeconds)).catch(() => undefined);
    },
  };
}
