// The socket-flood fuzz family (fuzz/families/socket-flood.ts) for a few seconds in the test
// suite, against a real server: anonymous sockets are closed unanswered, keyed floods are cut,
// the server keeps answering. The family's own run (`npx node fuzz/families/socket-flood.ts`)
// asserts the health bounds; here, on a machine shared with other test files, only that
// nothing unexpected happened and the server answered throughout.
import { expect, it } from 'vitest';
import { printSocketFloodReport, runSocketFlood } from '../../fuzz/families/socket-flood.ts';
import { serverWithKey } from '../helpers/server.ts';

const s = serverWithKey('free');

it('floods over the socket: no anonymous subscribe is read, keyed floods are cut, the server keeps answering', async () => {
  const report = await runSocketFlood({ url: s.server.url, memoryUrl: s.server.memoryUrl, freeKey: s.key }, { seed: 3, durationMs: 4_000 });
  printSocketFloodReport(report, 3);
  expect(report.failures).toEqual([]);
  expect(report.sockets).toBeGreaterThan(10);
  expect(report.healthProbes).toBeGreaterThan(5);
}, 120_000);
