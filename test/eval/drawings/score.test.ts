import { expect, it } from 'vitest';
import { matchItems, prf, scorePage } from '../../../eval/drawings/score.ts';

it('matches one-to-one by IoU ≥ 0.5, or by arrow tip within 2 pt for leaders', () => {
  const truth = [
    { bbox: [0, 0, 10, 10] as [number, number, number, number] },
    { bbox: [50, 50, 60, 60] as [number, number, number, number] },
  ];
  const found = [
    { bbox: [1, 1, 11, 11] as [number, number, number, number] },
    { bbox: [0, 0, 10, 10] as [number, number, number, number] },
    { bbox: [200, 200, 210, 210] as [number, number, number, number] },
  ];
  expect(matchItems(truth, found, false)).toMatchObject({ tp: 1, fp: 2, fn: 1 });
  const tips = matchItems([{ bbox: [0, 0, 1, 1], tip: [5, 5] }], [{ bbox: [100, 100, 101, 101], tip: [6, 6.5] }], true);
  expect(tips).toMatchObject({ tp: 1, fp: 0, fn: 0 });
  expect(prf({ tp: 8, fp: 2, fn: 0 })).toEqual({ precision: 0.8, recall: 1, f1: (2 * 0.8) / 1.8 });
  expect(prf({ tp: 0, fp: 0, fn: 0 }).f1).toBe(1);
});

it('skips kinds a truth file leaves unlabelled (null)', () => {
  const empty = { leaders: [], section_tags: [], detail_tags: [], revision_triangles: [], revision_clouds: [] };
  const scores = scorePage(
    { annotations: { ...empty, leaders: null }, titleblock: { bounds: null } },
    { annotations: { ...empty, leaders: [{ bbox: [0, 0, 1, 1], arrow_tip: [0, 0] }] }, titleblock: { bounds: null } },
  );
  expect(scores.leaders).toBeUndefined();
  expect(scores.revision_clouds).toMatchObject({ tp: 0, fp: 0, fn: 0 });
});
