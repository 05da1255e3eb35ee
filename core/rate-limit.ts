// Per-key and per-address request budgets. The memory store is the embedded default; with
// REDIS_URL the counts live in Redis, so a key's budget holds across every gateway replica.
//
// When Redis is away each replica counts locally, conservatively, so that the budget is not
// reset nor multiplied by the replicas (a free key that had spent its budget got 20 more requests
// from two replicas' fresh local counts): each replica allows its share of the budget
// (points ÷ GATEWAY_REPLICAS), and a key Redis had already counted this window starts its local
// count at its share of what Redis had (the last count this replica saw). Requests go on being
// served within the budget; Redis takes over again as soon as it answers.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config, Tier } from './config.ts';
import { AppError } from './errors.ts';
import type { Principal } from './auth/keys.ts';

/**
 * Which budget an operation spends. api: the key's tier budget; polling: job status reads, their own
 * allowance (the spec's polling guidance); public: per client address, no key needed; heartbeat:
 * the desktop bridge's heartbeats (every 20 s per machine), their own allowance so a connected
 * desktop does not use up the account's requests; bridge: the desktop's answers to tool calls,
 * which come as fast as the agents call tools, their own allowance for the same reason (a long
 * analysis plus the user's own requests must not lock the user out). Root fields declare theirs
 * (SubgraphModule.budgets).
 */
export type Bucket = 'api' | 'polling' | 'public' | 'heartbeat' | 'bridge';

type Who = { principal: Principal | null; address: string };

function rateLimited(msBeforeNext: number): AppError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new AppError('RATE_LIMITED', `Rate limit exceeded; retry in ${retryAfter} s`, { retry_after_s: retryAfter });
}

export interface RateLimits {
  /** Spends `points` (default one request); throws RATE_LIMITED with details.retry_after_s when the budget is gone. */
  consume(bucket: Bucket, who: Who, points?: number): Promise<void>;
  /** Throws RATE_LIMITED when the budget is already spent, spending nothing: for refusing a request before its body is read. */
  check(bucket: Bucket, who: Who): Promise<void>;
}

/** The part of a rate limiter the budgets use. */
interface Limiter {
  consume(key: string, points: number): Promise<unknown>;
  get(key: string): Promise<RateLimiterRes | null>;
}

/** Keys whose last Redis count a replica remembers for its fallback: enough for every active key, bounded for memory. */
const REMEMBERED_KEYS = 100_000;

/** A budget counted in Redis, with the conservative local count above while Redis cannot answer. */
function sharedLimiter(client: Redis, keyPrefix: string, points: number, replicas: number): Limiter {
  const remote = new RateLimiterRedis({
    storeClient: client,
    keyPrefix,
    points,
    duration: 60,
    rejectIfRedisNotReady: true,
  });
  const local = new RateLimiterMemory({
    keyPrefix: `local:${keyPrefix}`,
    points: Math.max(1, Math.floor(points / replicas)),
    duration: 60,
  });
  /** key → what Redis had counted for it, and until when that count holds. */
  const seen = new Map<string, { consumed: number; until: number }>();
  const remember = (key: string, res: RateLimiterRes) => {
    seen.delete(key);
    seen.set(key, { consumed: res.consumedPoints, until: Date.now() + res.msBeforeNext });
    if (seen.size > REMEMBERED_KEYS) seen.delete(seen.keys().next().value!);
  };
  /** The first local count of a key Redis had counted starts at this replica's share of that count. */
  const seeded = async (key: string) => {
    const last = seen.get(key);
    if (!last) return;
    seen.delete(key);
    if (last.until > Date.now()) await local.penalty(key, Math.ceil(last.consumed / replicas));
  };
  return {
    async consume(key, n) {
      try {
        const res = await remote.consume(key, n);
        remember(key, res);
        return res;
      } catch (err) {
        if (err instanceof RateLimiterRes) {
          remember(key, err);
          throw err;
        }
      }
      await seeded(key);
      return local.consume(key, n);
    },
    async get(key) {
      try {
        return await remote.get(key);
      } catch {
        await seeded(key);
        return local.get(key);
      }
    },
  };
}

export function createRateLimits(
  config: Pick<Config, 'tiers' | 'pollingPerMinute' | 'publicPerMinute' | 'heartbeatPerMinute' | 'bridgePerMinute'> & {
    gatewayReplicas?: number;
  },
  redis?: { client: Redis; prefix: string },
): RateLimits {
  const limiter = (keyPrefix: string, points: number): Limiter =>
    redis
      ? sharedLimiter(redis.client, `${redis.prefix}:rl:${keyPrefix}`, points, config.gatewayReplicas ?? 1)
      : new RateLimiterMemory({ keyPrefix, points, duration: 60 });
  const perTier = new Map<Tier, Limiter>(
    (Object.keys(config.tiers) as Tier[]).map((tier) => [
      tier,
      limiter(`api:${tier}`, config.tiers[tier].requestsPerMinute),
    ]),
  );
  const polling = limiter('poll', config.pollingPerMinute);
  const heartbeat = limiter('heartbeat', config.heartbeatPerMinute);
  const bridge = limiter('bridge', config.bridgePerMinute);
  const anonymous = limiter('public', config.publicPerMinute);
  const keyed = { polling, heartbeat, bridge } as const;

  const pick = (bucket: Bucket, { principal, address }: Who) =>
    bucket === 'public' || !principal
      ? { limiter: anonymous, key: address }
      : { limiter: bucket === 'api' ? perTier.get(principal.tier)! : keyed[bucket], key: principal.budgetKeyId };

  return {
    async consume(bucket, who, points = 1) {
      const { limiter, key } = pick(bucket, who);
      try {
        await limiter.consume(key, points);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        throw rateLimited(res.msBeforeNext);
      }
    },
    async check(bucket, who) {
      const { limiter, key } = pick(bucket, who);
      const res = await limiter.get(key);
      if (res && res.remainingPoints <= 0) throw rateLimited(res.msBeforeNext);
    },
  };
}
