/**
 * Seeded randomness so that a spec always yields the same bytes: the suite is
 * a benchmark, and a benchmark that moves under the detector is useless.
 * Sub-streams (`fork`) keep one concern's draws from shifting another's.
 */

import { mulberry32 } from '../../../core/seeded-random.ts';

export { mulberry32 };

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** An independent stream derived from this seed and a label. */
  fork(label: string): Rng;
}

function hashLabel(seed: number, label: string): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h = Math.imul(h ^ label.charCodeAt(i), 0x01000193) >>> 0;
  }
  return h;
}

export function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    chance: (p) => next() < p,
    fork: (label) => createRng(hashLabel(seed, label)),
  };
  return rng;
}
