import { describe, expect, it } from 'vitest';
import { apply, multiply, scaleOf } from '../../core/geometry/matrix.ts';
import { boxDistance, boxOfPoints, iou, union } from '../../core/geometry/bbox.ts';
import { cubicAt } from '../../core/geometry/bezier.ts';
import { angleBetween, pointSegmentDistance, spread } from '../../core/geometry/vec.ts';

it('matrices compose like PDF cm: the right-hand matrix applies first', () => {
  const m = multiply([2, 0, 0, 2, 0, 0], [1, 0, 0, 1, 10, 0]);
  expect(m).toEqual([2, 0, 0, 2, 20, 0]);
  expect(apply(m, 1, 1)).toEqual([22, 2]);
  expect(scaleOf([0, 3, -3, 0, 5, 5])).toBeCloseTo(3);
});

it('boxes: union, IoU (with padding for lines) and distance', () => {
  expect(union([0, 0, 1, 1], [2, 2, 3, 3])).toEqual([0, 0, 3, 3]);
  expect(iou([0, 0, 2, 2], [1, 0, 3, 2])).toBeCloseTo(1 / 3);
  expect(iou([0, 5, 10, 5], [0, 5, 10, 5])).toBe(0);
  expect(iou([0, 5, 10, 5], [0, 5, 10, 5], 0.5)).toBeCloseTo(1);
  expect(boxDistance([0, 0, 1, 1], [4, 5, 6, 6])).toBeCloseTo(5);
});

it('vectors and curves', () => {
  expect(cubicAt([0, 0], [0, 1], [1, 1], [1, 0], 0.5)).toEqual([0.5, 0.75]);
  expect(angleBetween([1, 0], [0, 1])).toBeCloseTo(Math.PI / 2);
  expect(pointSegmentDistance([5, 3], [0, 0], [10, 0])).toBeCloseTo(3);
  expect(spread([2, 2, 2])).toEqual({ mean: 2, cv: 0 });
});

describe('boxOfPoints', () => {
  it('is the smallest box holding every point', () => {
    expect(
      boxOfPoints([
        [1, 5],
        [3, 2],
        [2, 4],
      ]),
    ).toEqual([1, 2, 3, 5]);
  });
});
