// REVISION IN CONTEXT. A revision is marked twice (US National CAD Standard, UDS: the revision
// designation; PSPC National CADD Standard the same): a cloud drawn around what changed, with a
// delta holding the revision's number beside it, and the revision's row in the title block's
// revision block, numbered the same. A numbered triangle is a revision delta only with that
// evidence; elsewhere it is a wall, partition or keynote tag drawn as a triangle.
import type { BBox } from '../../../../core/geometry/types.ts';
import { boxDistance, center } from '../../../../core/geometry/bbox.ts';
import type { Scene } from '../scene.ts';

/** A revision block's column heading: the column that numbers the revisions. */
const HEADING =
  /^(REV\.?|REVS?\.?\s*NO\.?|REVISIONS?|NO\.?|INDEX|IND\.?|ÄND\.?|ÄNDERUNG(EN)?|MOD\.?|ISSUE|REV\.?\s*#|#)$/i;
/** A revision's number or letter as the block writes it. */
const MARK = /^([A-Z]{1,2}|\d{1,3})$/i;

export interface RevisionContext {
  clouds: readonly BBox[];
  /** Marks listed in the title block's revision block (upper case). */
  blockMarks: ReadonlySet<string>;
}

/**
 * The marks in the revision block: runs of the title block that stand in the column of a
 * revision heading (centred within the heading's width either side of it). Only a text layer
 * can be read here; without one the set is empty and a delta needs its cloud.
 */
export function revisionBlockMarks(scene: Scene, titleblock: BBox | null): Set<string> {
  const out = new Set<string>();
  if (!titleblock || !scene.hasTextLayer) return out;
  const runs = [...scene.textIndex.query(titleblock)]
    .map((i) => scene.texts[i]!)
    .filter((t) => {
      const [x, y] = center(t.bbox);
      return x >= titleblock[0] && x <= titleblock[2] && y >= titleblock[1] && y <= titleblock[3];
    });
  for (const h of runs) {
    if (!HEADING.test(h.str.trim())) continue;
    const w = Math.max(h.bbox[2] - h.bbox[0], 2 * h.size);
    for (const t of runs) {
      const s = t.str.trim();
      const [x] = center(t.bbox);
      if (t !== h && MARK.test(s) && x >= h.bbox[0] - w && x <= h.bbox[2] + w) out.add(s.toUpperCase());
    }
  }
  return out;
}

/** A cloud within three delta sides of the triangle's box. */
export const besideCloud = (context: RevisionContext, bbox: BBox, side: number): boolean =>
  context.clouds.some((c) => boxDistance(c, bbox) <= 3 * side);

/** REVISION IN CONTEXT: beside a cloud, or numbered as a row of the revision block. */
export function inRevisionContext(context: RevisionContext, bbox: BBox, side: number, mark: string): boolean {
  return besideCloud(context, bbox, side) || (mark !== '' && context.blockMarks.has(mark.toUpperCase()));
}
