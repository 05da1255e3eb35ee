// The socket-flood fuzz family (fuzz/families/socket-flood.ts) alone for a few seconds, against a
// real server, with a free key as the attacker's: anonymous sockets are closed unanswered, keyed
// floods are cut, the server keeps answering. `npm run fuzz` runs it with the health
// bounds; here, on a machine shared with other test files, only that nothing unexpected happened
// and the server answered throughout.
import { expect, it } from 'vitest';
import { socketFlood } from '../../fuzz/families/socket-flood.ts';
import { printReport, runFuzz } from '../../fuzz/fuzz.ts';
import { serverWithKey } from '../helpers/server.ts';

const s = serverWithKey('free');

it('floods over the socket: no anonymous subscribe is read, keyed floods are cut, the server keeps answering', async () => {
  const report = await runFuzz(
    { url: s.server.url, memoryUrl: s.server.memoryUrl, key: s.key, freeKey: s.key },
    { seed: 3, durationMs: 5_000, families: [socketFlood], rss: () => process.memoryUsage().rss },
  );
  printReport(report, 3);
  expect(report.failures).toEqual([]);
  expect(report.families[0]!.healthProbes).toBeGreaterThan(5);
}, 120_000);
