/**
 * Rejection-sampling placement. Annotations must not overlap each other, or the
 * truth would claim a clean tag where two symbols collide; clutter that could
 * be mistaken for part of a symbol (text, circles, short lines) keeps out of
 * annotation footprints too, while long background lines may cross them.
 */
import { boxInside, boxesOverlap, inflate } from './geometry.ts';
import type { Box } from './geometry.ts';
import type { Rng } from './prng.ts';

/**
 * 'annotation' and 'object' block everything; 'keep-clear' (e.g. the area a
 * detail boundary encloses) blocks other annotations but lets clutter in.
 */
export type Reservation = 'annotation' | 'keep-clear' | 'object';

/** Boxes an item occupies; `kind` overrides the kind it is placed as. */
export type Footprint = { box: Box; kind?: Reservation }[];

export class Placer {
  readonly area: Box;
  private readonly reserved: { box: Box; kind: Reservation }[] = [];

  constructor(area: Box) {
    this.area = area;
  }

  reserve(box: Box, kind: Reservation): void {
    this.reserved.push({ box, kind });
  }

  /** Free for something of `kind`, `margin` points around every box included. */
  isFree(boxes: readonly Box[], kind: Reservation, margin: number): boolean {
    for (const b of boxes) {
      if (!boxInside(b, this.area)) return false;
      for (const r of this.reserved) {
        const blocks = kind === 'object' ? r.kind !== 'keep-clear' : true;
        if (blocks && boxesOverlap(inflate(b, margin), r.box)) return false;
      }
    }
    return true;
  }

  /** Whether `box` touches any reservation of the given kinds. */
  hits(box: Box, kinds: readonly Reservation[]): boolean {
    return this.reserved.some((r) => kinds.includes(r.kind) && boxesOverlap(box, r.box));
  }

  /**
   * Draws candidates until one is free, reserves its footprint and returns it;
   * null after `attempts` misses (the caller simply places fewer items).
   */
  place<T>(
    rng: Rng,
    attempts: number,
    kind: Reservation,
    margin: number,
    make: (rng: Rng) => T,
    footprint: (t: T) => Footprint,
  ): T | null {
    for (let i = 0; i < attempts; i++) {
      const candidate = make(rng);
      const parts = footprint(candidate);
      if (
        this.isFree(
          parts.map((p) => p.box),
          kind,
          margin,
        )
      ) {
        for (const p of parts) this.reserve(p.box, p.kind ?? kind);
        return candidate;
      }
    }
    return null;
  }
}
