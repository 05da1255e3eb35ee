// The sheet's tag symbols: those Tier 1 found from their circles, and those read from the text
// layer that stand in a drawn symbol (references/stacked-tags.ts). A tag is a view's mark beside its
// title (views.ts) or a callout to a view elsewhere (callouts.ts).
import { center } from '../../../../core/geometry/bbox.ts';
import type { BBox, PageGeometry, Point } from '../../../../core/geometry/types.ts';
import type { PageAnalysis } from '../../detect/analyze.ts';
import type { TextRef } from '../../detect/texts.ts';
import { stackedTags } from '../references/stacked-tags.ts';
import { isSheetNumber, normaliseSheetNumber } from '../sheet-number.ts';
import type { TextLine } from '../text-lines.ts';
import type { SheetContext } from './draft.ts';

export interface SheetTag {
  id: string;
  bbox: BBox;
  circle: { center: Point; radius: number };
  texts_inside: TextRef[];
  kind: 'detail' | 'section' | 'stacked';
  direction: string | null;
}

/** Rule view-id: what names a view beside its title: 3, 12, A, B2. */
export const VIEW_ID = /^([A-Z]{1,2}|[A-Z]?\d{1,3}[A-Z]?)$/;

/** Tier 1's detail and section tags, then the tags it did not find, read from the text layer. */
export function sheetTags(analysis: PageAnalysis, drawingLines: TextLine[], paths: PageGeometry['paths']): SheetTag[] {
  const tier1Tags: SheetTag[] = [
    ...analysis.annotations.detail_tags.map((t) => ({ ...t, kind: 'detail' as const, direction: null })),
    ...analysis.annotations.section_tags.map((t) => ({
      ...t,
      kind: 'section' as const,
      direction: t.direction as string | null,
    })),
  ];
  const stacked = stackedTags(
    drawingLines,
    tier1Tags.map((t) => t.bbox),
    paths,
  ).map((t, i): SheetTag => ({
    id: `stacked-${i + 1}`,
    bbox: t.bbox,
    circle: { center: center(t.bbox), radius: Math.max(t.bbox[2] - t.bbox[0], t.bbox[3] - t.bbox[1]) / 2 },
    texts_inside: [
      { id: t.view.runs[0]!, text: t.view.text },
      { id: t.sheet.runs[0]!, text: t.sheet.text },
    ],
    kind: 'stacked',
    direction: null,
  }));
  return [...tier1Tags, ...stacked];
}

/** Whether the tag's lettering under the bar names a sheet other than this one. */
export function namesAnotherSheet(ctx: Pick<SheetContext, 'normNumber' | 'options'>, t: SheetTag): boolean {
  const written = t.texts_inside
    .slice(1)
    .map((x) => x.text.trim())
    .join('');
  return !!ctx.normNumber && isSheetNumber(written) && normaliseSheetNumber(written, ctx.options) !== ctx.normNumber;
}

export const tagProvenance = (t: SheetTag) => (t.kind === 'stacked' ? 'text:stacked-tag' : `tier1:${t.kind}_tags`);

/**
 * A tag's view id first, then its sheet. Tier 1 lists a tag's lettering top to bottom on the page;
 * at the far end of a section line the tag is often drawn turned half round, and the sheet number
 * then stands above the view id. Each part is known by its form: the sheet number has a designator
 * and a digit, the view id is short.
 */
export function tagTexts(texts: string[]): string[] {
  const [first, second] = texts;
  const sheetLike = (s: string) => isSheetNumber(s) && /[A-Z]/i.test(s) && /\d/.test(s);
  if (texts.length === 2 && sheetLike(first!) && VIEW_ID.test(second!) && !sheetLike(second!)) return [second!, first!];
  return texts;
}
