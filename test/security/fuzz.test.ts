// A short seeded fuzz run (fuzz/fuzz.ts) in the test suite: a few seconds of
// malformed multipart, JSON, GraphQL, PDF, zip/OOXML and XML against a real
// server. `npm run fuzz` runs the long one with the bounds.
import { expect, it } from 'vitest';
import { printReport, runFuzz } from '../../fuzz/fuzz.ts';
import { serverWithKey } from '../helpers/server.ts';

const s = serverWithKey('enterprise', { ENTERPRISE_RATE_PER_MIN: '1000000', PUBLIC_RATE_PER_MIN: '1000000', POLLING_RATE_PER_MIN: '1000000' });

it('seeded malformed inputs to every route: no 5xx, no crash, the server keeps answering, RSS bounded', async () => {
  const report = await runFuzz(
    { url: s.server.url, memoryUrl: s.server.memoryUrl, key: s.key },
    {
      seed: 11,
      durationMs: 5_000,
      concurrency: 2,
      // Cut-short multipart bodies included: the edge handles every stream's error (issue 11, item 1).
      truncatedMultipart: true,
      maxRssBytes: 2 * 1024 ** 3,
      rss: () => process.memoryUsage().rss,
    },
  );
  printReport(report, 11);
  expect(report.requests).toBeGreaterThan(10);
  expect(report.failures).toEqual([]);
  // The 200 ms p99 is asserted by `npm run fuzz`; here, on a machine shared with other test files, only that it answered.
  expect(report.healthProbes).toBeGreaterThan(10);
}, 60_000);
