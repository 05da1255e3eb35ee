// Revisions: deltas, clouds and revision-table rows, one entity per revision mark.
import { boxDistance, center, containsBox, containsPoint, expand } from '../../../../core/geometry/bbox.ts';
import type { BBox } from '../../../../core/geometry/types.ts';
import type { PageAnalysis } from '../../detect/analyze.ts';
import type { DraftEntity, SheetContext } from './draft.ts';

/** Rule revision-row: a revision table row "2  03/14/2024  ADDENDUM 1" (mark, date, description). */
// The description is taken from one blank on (its callers trim it): `\s+(.{3,})$` let both take the blanks.
const REVISION_ROW = /^\s*(\d{1,2}|[A-Z])\s+(\d{1,2}[\/.-]\d{1,2}[\/.-]\d{2,4})\s(.{3,})$/;

type Revisions = Map<string, DraftEntity>;

export function readRevisions(ctx: SheetContext, analysis: PageAnalysis): void {
  const revisions: Revisions = new Map();
  readRevisionRows(ctx, revisions);
  const { revision_triangles: deltas, revision_clouds: clouds } = analysis.annotations;
  for (const t of deltas) {
    const r = revisionOf(ctx, revisions, t.text.trim() || '?', t.bbox, 'tier1:revision_triangles');
    if (r) (r.props.deltas as BBox[]).push(t.bbox);
  }
  for (const cloud of clouds) {
    // Rule cloud-delta: a cloud belongs to the nearest delta (they are drawn beside each other).
    let nearest: (typeof deltas)[number] | null = null;
    for (const t of deltas)
      if (!nearest || boxDistance(t.bbox, cloud.bbox) < boxDistance(nearest.bbox, cloud.bbox)) nearest = t;
    const r = revisionOf(ctx, revisions, nearest?.text.trim() || '?', cloud.bbox, 'tier1:revision_clouds');
    if (!r) continue;
    (r.props.clouds as BBox[]).push(cloud.bbox);
    for (const e of ctx.draft.entities) {
      if (e.type === 'Sheet' || e.type === 'Revision') continue;
      if (containsPoint(cloud.bbox, center(e.bbox))) ctx.draft.rel('REVISED_IN', e.key, r.key, { cloud: cloud.id });
    }
  }
  for (const r of revisions.values()) ctx.draft.rel('REVISED_IN', ctx.sheet.key, r.key);
}

/** Revision-table rows in (or just around) the title block: the mark's date and description. */
function readRevisionRows(ctx: SheetContext, revisions: Revisions): void {
  for (const l of ctx.lines) {
    const m = REVISION_ROW.exec(l.text);
    if (!m || !ctx.titleblock || !containsBox(expand(ctx.titleblock, 4), l.bbox)) continue;
    const r = revisionOf(ctx, revisions, m[1]!, l.bbox, 'text:revision-row');
    if (!r) break;
    r.props.date = m[2];
    r.props.description = m[3]!.trim();
    r.text = `revision ${m[1]} ${m[2]} ${m[3]!.trim()}`;
    r.bbox = l.bbox;
  }
}

/** The sheet's one entity for a revision mark. */
function revisionOf(
  ctx: SheetContext,
  revisions: Revisions,
  mark: string,
  box: BBox,
  provenance: string,
): DraftEntity | null {
  const k = mark.toUpperCase();
  let r = revisions.get(k);
  if (!r) {
    r =
      ctx.draft.add({
        type: 'Revision',
        label: `REV ${k}`,
        text: `revision ${k}`,
        bbox: box,
        provenance,
        props: { number: k, date: null, description: null, clouds: [], deltas: [] },
        sameKey: null,
        viewKey: null,
      }) ?? undefined;
    if (r) revisions.set(k, r);
  }
  return r ?? null;
}
