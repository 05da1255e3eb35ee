// The engine-neutral ranking both SQL stores use (subgraphs/memory/store/sql/ranking.ts), on a
// small graph given hop by hop: the stores' own queries are covered by the store contract.
import { expect, it } from 'vitest';
import {
  firstPerUuid,
  toRanked,
  walkNeighbourhood,
  type HopRow,
} from '../../../../../subgraphs/memory/store/sql/ranking.ts';

// a —f1— b —f2— c —f3— d, and f4 between a and c.
const EDGES: HopRow[] = [
  { uuid: 'f1', sourceUuid: 'a', targetUuid: 'b' },
  { uuid: 'f2', sourceUuid: 'b', targetUuid: 'c' },
  { uuid: 'f3', sourceUuid: 'c', targetUuid: 'd' },
  { uuid: 'f4', sourceUuid: 'a', targetUuid: 'c' },
];
const touching = (frontier: string[]) =>
  EDGES.filter((e) => frontier.includes(String(e.sourceUuid)) || frontier.includes(String(e.targetUuid)));

it('scores a fact 1/hop of the first hop that reaches it, walking out from the entities reached', async () => {
  const frontiers: string[][] = [];
  const ranked = await walkNeighbourhood(['a', 'a'], 3, 10, async (frontier) => {
    frontiers.push(frontier);
    return touching(frontier);
  });
  expect(frontiers).toEqual([['a'], ['b', 'c'], ['d']]);
  expect(ranked).toEqual([
    { uuid: 'f1', score: 1 },
    { uuid: 'f4', score: 1 },
    { uuid: 'f2', score: 0.5 },
    { uuid: 'f3', score: 0.5 },
  ]);
});

it('stops at the depth, at the limit, and when no entity is new', async () => {
  let calls = 0;
  const hop = async (frontier: string[]) => {
    calls++;
    return touching(frontier);
  };
  expect(await walkNeighbourhood(['a'], 1, 10, hop)).toEqual([
    { uuid: 'f1', score: 1 },
    { uuid: 'f4', score: 1 },
  ]);
  expect(await walkNeighbourhood(['a'], 3, 1, hop)).toEqual([{ uuid: 'f1', score: 1 }]);
  calls = 0;
  await walkNeighbourhood(['d'], 9, 10, hop);
  expect(calls).toBe(3); // d → c → a, b → nothing new
  expect(await walkNeighbourhood([], 3, 10, hop)).toEqual([]);
});

it('reads driver values (strings, bigints) as ranked uuids in their order', () => {
  expect(
    toRanked([
      { uuid: 'x', score: '0.5' },
      { uuid: 7, score: 2n },
    ]),
  ).toEqual([
    { uuid: 'x', score: 0.5 },
    { uuid: '7', score: 2 },
  ]);
});

it('keeps each fact once, at the score of its first (best) row', () => {
  expect(
    firstPerUuid([
      { uuid: 'f1', score: 3 },
      { uuid: 'f2', score: 2 },
      { uuid: 'f1', score: 1 },
    ]),
  ).toEqual([
    { uuid: 'f1', score: 3 },
    { uuid: 'f2', score: 2 },
  ]);
});
