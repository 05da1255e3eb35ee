// The request budgets (core/rate-limit.ts) in memory: each allowance is its own count per key.
import { expect, it } from 'vitest';
import type { Principal } from '../../core/auth/keys.ts';
import { createRateLimits } from '../../core/rate-limit.ts';

const tiers = {
  free: { requestsPerMinute: 3 },
  pro: { requestsPerMinute: 60 },
  enterprise: { requestsPerMinute: 600 },
};
const limits = () =>
  createRateLimits({
    tiers,
    pollingPerMinute: 5,
    publicPerMinute: 5,
    heartbeatPerMinute: 2,
    bridgePerMinute: 4,
  } as never);
const who = (keyId: string) => ({
  principal: { keyId, budgetKeyId: keyId, tier: 'free' } as Principal,
  address: '127.0.0.1',
});

async function spent(
  l: ReturnType<typeof limits>,
  bucket: Parameters<ReturnType<typeof limits>['consume']>[0],
  key: string,
): Promise<number> {
  let n = 0;
  for (;;) {
    try {
      await l.consume(bucket, who(key));
      n++;
    } catch (err) {
      expect((err as { code: string }).code).toBe('RATE_LIMITED');
      return n;
    }
  }
}

it("gives the bridge's answers their own per-key allowance, apart from the account's requests and the heartbeats", async () => {
  const l = limits();
  expect(await spent(l, 'bridge', 'k1')).toBe(4);
  // The account's budget and the heartbeats are untouched by the answers, and the reverse.
  expect(await spent(l, 'api', 'k1')).toBe(3);
  expect(await spent(l, 'heartbeat', 'k1')).toBe(2);
  await expect(l.consume('bridge', who('k1'))).rejects.toMatchObject({
    code: 'RATE_LIMITED',
    details: { retry_after_s: expect.any(Number) },
  });
  // Another key has its own.
  expect(await spent(l, 'bridge', 'k2')).toBe(4);
});
