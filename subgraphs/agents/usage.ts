// Usage and credits. Credits are reserved before each model call and settled after (issue 29,
// finding 8: 8 concurrent runs on the $1 free tier spent $7.20, each having passed a check of the
// spent total before any of them was charged). The ledger is one row per account and period
// (AgentCredit): a reservation is admitted while spent + reserved is under the tier's limit, in one
// conditional UPDATE, so concurrent runs, on any replica, see each other's calls in flight. A call
// is charged what its usage prices to, at most its reservation: the reservation prices the request's
// characters as tokens (a token is at least one character) and AGENT_RESERVE_COMPLETION_TOKENS of
// output. So an account spends at most its limit plus one call's reservation. Usage a model reports
// below zero is refused (the call is charged its reservation). A reservation a crash leaves
// behind is held until the period ends.
//
// A run's model tokens are priced with the operator's model prices
// (AGENT_PRICE_IN_PER_MTOK, AGENT_PRICE_OUT_PER_MTOK: the spec gives none); the platform's own
// tools' work with the spec's prices (core/platform-tools.ts PRICES_USD), added to the run's cost;
// desktop tool calls run on the user's machine and cost nothing, but are counted. An account may spend its tier's
// AGENT_CREDITS_USD per period; periods start at multiples of AGENT_USAGE_PERIOD_S since the
// Unix epoch (a day by default: midnight UTC). Past the limit a run is refused, or stopped
// before its next model call, with OUT_OF_CREDITS {reset_at}.
import type { Principal } from '../../core/auth/keys.ts';
import type { Config } from '../../core/config.ts';
import { AppError } from '../../core/errors.ts';
import { LIMITS } from '../../core/limits.ts';
import type { AgentStore } from './store.ts';

/** Credits held for one model call, settled once it answers. */
export interface Reservation {
  accountId: string;
  periodStart: Date;
  amountUsd: number;
}

export function periodOf(now: Date, periodS: number): { start: Date; resetAt: Date } {
  const ms = periodS * 1000;
  const start = Math.floor(now.getTime() / ms) * ms;
  return { start: new Date(start), resetAt: new Date(start + ms) };
}

export function tokenCost(
  config: Pick<Config, 'agentPriceInPerMtok' | 'agentPriceOutPerMtok'>,
  prompt: number,
  completion: number,
): number {
  return (prompt * config.agentPriceInPerMtok + completion * config.agentPriceOutPerMtok) / 1e6;
}

export function createUsage(config: Config, store: AgentStore) {
  return {
    /** The meter: what was spent this period, with the platform work in it by kind. */
    async of(principal: Principal, now = new Date()) {
      const { start } = periodOf(now, config.agentUsagePeriodS);
      const [used, platformWork] = await Promise.all([
        this.spent(principal, now),
        store.platformWorkSince(principal.accountId, start),
      ]);
      return { ...used, platformWork };
    },

    async spent(principal: Principal, now = new Date()) {
      const { start, resetAt } = periodOf(now, config.agentUsagePeriodS);
      return {
        periodStartAt: start,
        resetAt,
        limitUsd: config.tiers[principal.tier].agentCreditsUsd,
        ...(await store.usageSince(principal.accountId, start)),
      };
    },

    /** Throws OUT_OF_CREDITS when the account's usage for this period has reached its limit (calls in flight counted). */
    async assertCredits(principal: Principal): Promise<void> {
      const usage = await this.spent(principal);
      const { start } = periodOf(new Date(), config.agentUsagePeriodS);
      const credit = await store.credit(principal.accountId, start);
      const committed = Math.max(usage.usedUsd, credit?.committedUsd ?? 0);
      if (committed >= usage.limitUsd) throw outOfCredits(usage.limitUsd, usage.usedUsd, usage.resetAt);
    },

    /** The most a model call on `requestChars` characters may be charged: every character a token, and the reserved output. */
    reservationFor(requestChars: number): number {
      return tokenCost(config, requestChars, LIMITS.agentReserveCompletionTokens);
    },

    /** Reserves `amountUsd` for a model call, or throws OUT_OF_CREDITS when spent + reserved has reached the limit. */
    async reserve(principal: Principal, amountUsd: number, now = new Date()): Promise<Reservation> {
      const { start, resetAt } = periodOf(now, config.agentUsagePeriodS);
      const limitUsd = config.tiers[principal.tier].agentCreditsUsd;
      await store.ensureCredit(
        principal.accountId,
        start,
        async () => (await store.usageSince(principal.accountId, start)).usedUsd,
      );
      if (!(await store.reserveCredit(principal.accountId, start, amountUsd, limitUsd))) {
        const credit = await store.credit(principal.accountId, start);
        throw outOfCredits(limitUsd, credit?.spentUsd ?? limitUsd, resetAt);
      }
      return { accountId: principal.accountId, periodStart: start, amountUsd };
    },

    /** Ends a reservation: charges `costUsd`, at most the reservation (answers what was charged). */
    async settle(reservation: Reservation, costUsd: number): Promise<number> {
      const charged = Math.min(Math.max(0, costUsd), reservation.amountUsd);
      await store.settleCredit(reservation.accountId, reservation.periodStart, reservation.amountUsd, charged);
      return charged;
    },

    /** Charges platform work done for a run (no reservation: it is checked before the tool runs). */
    async charge(principal: Principal, costUsd: number, now = new Date()): Promise<void> {
      const { start } = periodOf(now, config.agentUsagePeriodS);
      await store.ensureCredit(
        principal.accountId,
        start,
        async () => (await store.usageSince(principal.accountId, start)).usedUsd,
      );
      await store.settleCredit(principal.accountId, start, 0, costUsd);
    },
  };
}

export type Usage = ReturnType<typeof createUsage>;

function outOfCredits(limitUsd: number, usedUsd: number, resetAt: Date): AppError {
  return new AppError(
    'OUT_OF_CREDITS',
    `The usage limit of ${limitUsd} USD for this period is reached; it resets at ${resetAt.toISOString()}`,
    {
      reset_at: resetAt.toISOString(),
      limit_usd: limitUsd,
      used_usd: usedUsd,
    },
  );
}
