// Callouts: tag symbols that are not view titles, and references written in notes
// ("SEE DETAIL 3/S-501"), each with a link to the sheet and view it names.
import { noteReferences } from '../references/text-references.ts';
import { isSheetNumber, normaliseSheetNumber } from '../sheet-number.ts';
import type { SheetContext } from './draft.ts';
import { tagProvenance, tagTexts, type SheetTag } from './tags.ts';

/**
 * Rule plain-sheet-in-tag: under the bar of a tag symbol Tier 1 found from its circle, a plain
 * number is the sheet. Sets numbered 1..n (DIN and ISO offices' "Blatt 12", small US offices) print
 * it so, and the symbol itself says what the lettering is (NCS/UDS; CADD Standard Annex B 2.4). A
 * tag read from the text layer (stacked-tags.ts) still needs a designator: a number over a
 * number there is as often a dimension or a level.
 */
const PLAIN_SHEET = /^\d{1,3}(?:\.\d{1,3})?$/;

/** Rule legend: a general sheet, or one titled legend/symbols/abbreviations, shows callouts as examples, not references. */
const LEGEND_TITLE = /LEGEND|SYMBOL|ABBREVIATION/i;

/** A Callout per tag not used as a view's mark. */
export function readTagCallouts(ctx: SheetContext, tags: SheetTag[], viewMarks: Set<string>): void {
  for (const t of tags) {
    if (viewMarks.has(t.id)) continue;
    const texts = tagTexts(t.texts_inside.map((x) => x.text.trim()).filter(Boolean));
    const viewId = texts[0] ?? null;
    const rest = texts.slice(1).join('');
    const targetSheet = tagTargetSheet(ctx, t, rest);
    const callout = ctx.draft.add({
      type: 'Callout',
      label: `${viewId ?? '?'}/${targetSheet ?? (rest || '?')}`,
      text: `${t.kind} ${viewId ?? ''} ${targetSheet ? `on ${targetSheet}` : rest}`.replace(/\s+/g, ' ').trim(),
      bbox: t.bbox,
      provenance: tagProvenance(t),
      props: { kind: t.kind, viewId, targetSheet, raw: texts, direction: t.direction, sameSheet: !rest },
      sameKey: null,
      viewKey: null,
    });
    if (!callout) break;
    ctx.draft.links.push({
      callout: callout.key,
      targetSheet: targetSheet ?? (rest || null),
      targetSheetNorm: targetSheet ? normaliseSheetNumber(targetSheet, ctx.options) : null,
      targetView: viewId ? viewId.toUpperCase() : null,
    });
  }
}

/** The sheet a tag's lettering under the bar names: this sheet when none is written, null when unreadable. */
function tagTargetSheet(ctx: SheetContext, t: SheetTag, rest: string): string | null {
  if (!rest || /^[-–—]+$/.test(rest)) return ctx.number; // no sheet written: this sheet
  if (isSheetNumber(rest) || (t.kind !== 'stacked' && PLAIN_SHEET.test(rest))) return rest;
  return null;
}

/** Text references (references/text-references.ts): a legend shows them as examples, not references. */
export function readTextReferences(ctx: SheetContext): void {
  const legendSheet = ctx.discipline === 'General' || LEGEND_TITLE.test(ctx.title ?? '');
  for (const note of legendSheet ? [] : noteReferences(ctx.drawingLines)) {
    for (const r of note.refs) {
      const c = ctx.draft.add({
        type: 'Callout',
        label: `${r.view ?? '–'}/${r.sheet}`,
        text: note.text,
        bbox: note.box,
        provenance: 'text:text-reference',
        props: { kind: 'text_reference', viewId: r.view, targetSheet: r.sheet, raw: note.raw, language: r.language },
        sameKey: null,
        viewKey: null,
      });
      if (!c) break;
      ctx.draft.links.push({
        callout: c.key,
        targetSheet: r.sheet,
        targetSheetNorm: normaliseSheetNumber(r.sheet, ctx.options),
        targetView: r.view,
      });
    }
  }
}
