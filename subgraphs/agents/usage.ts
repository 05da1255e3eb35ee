// Usage and credits. A run's model tokens are priced with the operator's model prices
// (AGENT_PRICE_IN_PER_MTOK, AGENT_PRICE_OUT_PER_MTOK: the spec gives none); the platform's own
// tools' work with the spec's prices (core/platform-tools.ts PRICES_USD), added to the run's cost;
// desktop tool calls run on the user's machine and cost nothing, but are counted. An account may spend its tier's
// AGENT_CREDITS_USD per period; periods start at multiples of AGENT_USAGE_PERIOD_S since the
// Unix epoch (a day by default: midnight UTC). Past the limit a run is refused, or stopped
// before its next model call, with OUT_OF_CREDITS {reset_at}.
import type { Principal } from '../../core/auth/keys.ts';
import type { Config } from '../../core/config.ts';
import { AppError } from '../../core/errors.ts';
import type { AgentStore } from './store.ts';

export function periodOf(now: Date, periodS: number): { start: Date; resetAt: Date } {
  const ms = periodS * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), resetAt: new Date(start + ms) };
}

export function tokenCost(config: Pick<Config, 'agentPriceInPerMtok' | 'agentPriceOutPerMtok'>, prompt: number, completion: number): number {
  return (prompt * config.agentPriceInPerMtok + completion * config.agentPriceOutPerMtok) / 1e6;
}

export function createUsage(config: Config, store: AgentStore) {
  return {
    /** The meter: what was spent this period, with the platform work in it by kind. */
    async of(principal: Principal, now = new Date()) {
      const { start } = periodOf(now, config.agentUsagePeriodS);
      const [used, platformWork] = await Promise.all([this.spent(principal, now), store.platformWorkSince(principal.accountId, start)]);
      return { ...used, platformWork };
    },

    async spent(principal: Principal, now = new Date()) {
      const { start, resetAt } = periodOf(now, config.agentUsagePeriodS);
      return { periodStartAt: start, resetAt, limitUsd: config.tiers[principal.tier].agentCreditsUsd, ...(await store.usageSince(principal.accountId, start)) };
    },

    /** Throws OUT_OF_CREDITS when the account's usage for this period has reached its limit. */
    async assertCredits(principal: Principal): Promise<void> {
      const usage = await this.spent(principal);
      if (usage.usedUsd >= usage.limitUsd) {
        throw new AppError('OUT_OF_CREDITS', `The usage limit of ${usage.limitUsd} USD for this period is reached; it resets at ${usage.resetAt.toISOString()}`, {
          reset_at: usage.resetAt.toISOString(),
          limit_usd: usage.limitUsd,
          used_usd: usage.usedUsd,
        });
      }
    },
  };
}

export type Usage = ReturnType<typeof createUsage>;
