// Per-key and per-address request budgets. The memory store is the embedded
// default; RateLimiterRedis has the same API for several processes.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config, Tier } from './config.ts';
import { AppError } from './errors.ts';
import type { Principal } from './auth/keys.ts';

export type Bucket = 'api' | 'polling' | 'public';

export interface RateLimits {
  /** Spends one request; throws RATE_LIMITED with details.retry_after_s when the budget is gone. */
  consume(bucket: Bucket, who: { principal: Principal | null; address: string }): Promise<void>;
}

export function createRateLimits(config: Pick<Config, 'tiers' | 'pollingPerMinute' | 'publicPerMinute'>): RateLimits {
  const perTier = new Map<Tier, RateLimiterMemory>(
    (Object.keys(config.tiers) as Tier[]).map((tier) => [
      tier,
      new RateLimiterMemory({ keyPrefix: `api:${tier}`, points: config.tiers[tier].requestsPerMinute, duration: 60 }),
    ]),
  );
  const polling = new RateLimiterMemory({ keyPrefix: 'poll', points: config.pollingPerMinute, duration: 60 });
  const anonymous = new RateLimiterMemory({ keyPrefix: 'public', points: config.publicPerMinute, duration: 60 });

  return {
    async consume(bucket, { principal, address }) {
      const limiter = bucket === 'public' || !principal ? anonymous : bucket === 'polling' ? polling : perTier.get(principal.tier)!;
      const key = bucket === 'public' || !principal ? address : principal.keyId;
      try {
        await limiter.consume(key);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        const retryAfter = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
        throw new AppError('RATE_LIMITED', `Rate limit exceeded; retry in ${retryAfter} s`, { retry_after_s: retryAfter });
      }
    },
  };
}
