// Views: a title line with its scale, and the tag beside it (NCS/UDS view titles).
import { unionAll } from '../../../../core/geometry/bbox.ts';
import type { BBox } from '../../../../core/geometry/types.ts';
import type { TextLine } from '../text-lines.ts';
import type { DraftEntity, SheetContext } from './draft.ts';
import { namesAnotherSheet, tagProvenance, VIEW_ID, type SheetTag } from './tags.ts';

/** Rule scale: a view title's scale ("SCALE: 1/2" = 1'-0"", "1:50", "NTS"). */
export const SCALE =
  /(?:SCALE\s*(?::\s*)?)?((?<!\d)\d+(?:\s+\d+)?\/\d+"?\s*=\s*1'\s*(?:-\s*)?0"?|(?<!\d)\d+"\s*=\s*\d+'\s*(?:-\s*)?0"?|1\s*:\s*\d{1,4}\b|\bN\.?T\.?S\.?(?=\s|$)|NOT TO SCALE|FULL SCALE)/i;

/** A View entity per scale line with a title; returns the ids of the tags taken as view marks. */
export function readViews(ctx: SheetContext, tags: SheetTag[]): Set<string> {
  const tagUsedAsViewMark = new Set<string>();
  for (const line of ctx.drawingLines) {
    const m = SCALE.exec(line.text);
    if (!m) continue;
    const title = viewTitle(line, m.index, ctx.drawingLines);
    if (!title) continue;
    const area_ = unionAll([title.line.bbox, line.bbox]);
    const tag = viewTag(ctx, area_, tags);
    const viewId = tag?.texts_inside[0]?.text?.trim() || bareViewId(area_, title.line, ctx.drawingLines);
    if (tag) tagUsedAsViewMark.add(tag.id);
    const view = addView(ctx, { titleText: title.text, scale: m[1]!.trim(), area: area_, tag, viewId });
    if (!view) break;
    ctx.draft.rel('SHOWN_ON', view.key, ctx.sheet.key);
  }
  return tagUsedAsViewMark;
}

/** The view's title: the words before the scale on its line, or else the line just above it. */
function viewTitle(line: TextLine, scaleAt: number, drawingLines: TextLine[]): { line: TextLine; text: string } | null {
  const before = line.text
    .slice(0, scaleAt)
    .replace(/\bSCALE\s*(?::\s*)?$/i, '')
    .trim();
  if (/[A-Z]{3}/i.test(before)) return { line, text: before };
  // The title sits just above its scale line.
  let best: TextLine | null = null;
  for (const other of drawingLines) {
    if (other === line || other.bbox[3] > line.bbox[1] + 1) continue;
    const gap = line.bbox[1] - other.bbox[3];
    const xOverlap = Math.min(other.bbox[2], line.bbox[2]) - Math.max(other.bbox[0], line.bbox[0]);
    if (
      gap < 3 * line.size &&
      xOverlap > -line.size &&
      /[A-Z]{3}/.test(other.text) &&
      !SCALE.test(other.text) &&
      (!best || other.bbox[3] > best.bbox[3])
    )
      best = other;
  }
  return best ? { line: best, text: best.text } : null;
}

/**
 * The view's tag: the nearest tag to the left of the title, within a few tag sizes. A view
 * title's tag names the sheet it is on (UDS): one naming another sheet is a callout beside it.
 */
function viewTag(ctx: SheetContext, area_: BBox, tags: SheetTag[]): SheetTag | null {
  let tag: SheetTag | null = null;
  let tagDist = Infinity;
  for (const t of tags) {
    if (namesAnotherSheet(ctx, t)) continue;
    const r = t.circle.radius;
    if (t.bbox[2] > area_[0] + r || t.bbox[3] < area_[1] - 3 * r || t.bbox[1] > area_[3] + 3 * r) continue;
    const d = area_[0] - t.bbox[2];
    if (d < 8 * r && d < tagDist) {
      tag = t;
      tagDist = d;
    }
  }
  return tag;
}

/** A bare number left of the title names the view where there is no bubble. */
function bareViewId(area_: BBox, titleLine: TextLine, drawingLines: TextLine[]): string | null {
  for (const other of drawingLines) {
    const besideVertically = other.bbox[3] >= area_[1] - titleLine.size && other.bbox[1] <= area_[3] + titleLine.size;
    if (
      VIEW_ID.test(other.text) &&
      other.bbox[2] <= area_[0] + 1 &&
      area_[0] - other.bbox[2] < 6 * titleLine.size &&
      besideVertically
    )
      return other.text;
  }
  return null;
}

function addView(
  ctx: SheetContext,
  v: { titleText: string; scale: string; area: BBox; tag: SheetTag | null; viewId: string | null },
): DraftEntity | null {
  const { titleText, scale, tag, viewId } = v;
  const { number, page } = ctx;
  return ctx.draft.add({
    type: 'View',
    label: viewId ? `${viewId}/${number ?? `p${page}`}` : titleText,
    text: `${viewId ? `${viewId} / ${number ?? ''} — ` : ''}${titleText}, ${scale}`,
    bbox: tag ? unionAll([v.area, tag.bbox]) : v.area,
    provenance: tag ? `text:view-title+${tagProvenance(tag)}` : 'text:view-title',
    props: {
      viewId,
      title: titleText,
      scale,
      tagSheet: tag
        ? tag.texts_inside
            .slice(1)
            .map((t) => t.text.trim())
            .join('') || null
        : null,
    },
    sameKey: null,
    viewKey: viewId ? viewId.toUpperCase() : null,
  });
}
