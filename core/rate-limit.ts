// Per-key and per-address request budgets. The memory store is the embedded default; with
// REDIS_URL the counts live in Redis, so a key's budget holds across every gateway replica. When
// Redis is away each process falls back to its own memory count (rate-limiter-flexible's
// insurance limiter) rather than refusing or failing requests.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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

export function createRateLimits(
  config: Pick<Config, 'tiers' | 'pollingPerMinute' | 'publicPerMinute' | 'heartbeatPerMinute' | 'bridgePerMinute'>,
  redis?: { client: Redis; prefix: string },
): RateLimits {
  const limiter = (keyPrefix: string, points: number): RateLimiterAbstract => {
    const memory = new RateLimiterMemory({ keyPrefix, points, duration: 60 });
    if (!redis) return memory;
    return new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix: `${redis.prefix}:rl:${keyPrefix}`,
      points,
      duration: 60,
      rejectIfRedisNotReady: true,
      insuranceLimiter: memory,
    });
  };
  const perTier = new Map<Tier, RateLimiterAbstract>(
    (Object.keys(config.tiers) as Tier[]).map((tier) => [tier, limiter(`api:${tier}`, config.tiers[tier].requestsPerMinute)]),
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
