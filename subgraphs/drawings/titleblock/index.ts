// The one title-block reader of the platform (Tier 1's titleblock and the projects' sheet
// identity): the sheet's number, title and title block, read from the page as the conventions
// print them (see README.md beside this folder for every rule).
import type { BBox, PathGeom, TextRun } from '../../../core/geometry/types.ts';
import { sheetFrame } from './frame.ts';
import { letteringLines } from './lettering.ts';
import { readSheetNumber, typicalSize } from './number.ts';
import { pageRulings } from './rulings.ts';
import { readSheetIndex, type IndexRow } from './sheet-index.ts';
import { readSheetTitle } from './title.ts';
import { ruleStackAround, titleblockAround } from './titleblock.ts';
import { borderBlock, findBorder, viewportBeside } from './border.ts';
import { unruledColumn } from './unruled.ts';
import { buildScene, type Scene } from '../detect/scene.ts';

export interface SheetIdentity {
  /** As printed. */
  number: string | null;
  title: string | null;
  /** On the page as displayed. */
  titleblock: BBox | null;
  /** The drawing area beside the title block (the border, or the page, without one), as displayed. */
  viewport: BBox;
  /** The rules that gave each part (recorded on the Sheet entity). */
  rules: { number: string | null; titleblock: string | null };
  /** The set's sheet index when this sheet prints one (a cover or general sheet). */
  index: IndexRow[];
}

export interface IdentityInput {
  width: number;
  height: number;
  texts: readonly TextRun[];
  paths: readonly PathGeom[];
}

/** `scene`: the page's Tier 1 scene when the caller has built it (built here otherwise). */
export function readSheetIdentity(page: IdentityInput, scene: Scene = sceneOf(page)): SheetIdentity {
  const frame = sheetFrame(page.texts, page.width, page.height);
  const lines = letteringLines(page.texts, frame);
  const number = readSheetNumber(lines, frame.width, frame.height);
  const rulings = pageRulings(page.paths, frame);
  // Without a number, the title block is looked for around the largest lettering of the outer band.
  const anchor = number?.box ?? largestInBand(lines, frame.width, frame.height);
  const frameLine = frame.box(findBorder(scene));
  const ruled = anchor ? titleblockAround(anchor, rulings, frame, lines, frameLine) : null;
  const stacked = anchor && !ruled ? ruleStackAround(anchor, rulings, frame) : null;
  // The border's geometry (border.ts) knows what a ruled box does not: the block is cut off by a line
  // across the whole border with cell edges into it (a grid line, a schedule's or a view's frame
  // has none). Where that block holds the number and is tighter than the ruled box, it is the block.
  const fromBorder = borderBlock(scene, frame);
  const borderBox = fromBorder ? frame.box(fromBorder.bounds) : null;
  const tighter = !!(
    anchor &&
    borderBox &&
    (ruled ?? stacked) &&
    contains(borderBox, anchor) &&
    boxArea(borderBox) < boxArea((ruled ?? stacked)!)
  );
  // BORDER FIRST WITHOUT A NUMBER: the largest lettering is only a guess at the block (a view title
  // of a grid of details is as large); when the border cuts off a column or strip against its edge
  // that does not hold that lettering, the box ruled around it is a cell of the drawing area.
  const elsewhere = !!(
    !number &&
    anchor &&
    borderBox &&
    fromBorder!.rule !== 'border-stamp' &&
    !contains(borderBox, anchor)
  );
  const block = tighter || elsewhere ? null : (ruled ?? stacked);
  // No ruled box around the lettering (or a looser one): the block the border's geometry gives;
  // without one, a column of lettering along the frame's right edge that the drawing stops short of.
  const unruled = !block && !fromBorder && anchor ? unruledColumn(anchor, lines, page.paths, frame, frameLine) : null;
  const geometric = block
    ? null
    : (fromBorder ??
      (unruled && {
        bounds: frame.unbox(unruled),
        viewport: frame.unbox([frameLine[0], frameLine[1], unruled[0], frameLine[3]]),
        rule: 'unruled-column',
      }));
  // Without a ruled block, the band of the sheet the number (or the largest lettering) stands in.
  const area: BBox | null =
    block ?? unruled ?? (elsewhere ? borderBox : anchor ? outerBandAround(anchor, frame.width, frame.height) : null);
  const title = area ? readSheetTitle(lines, area, number?.text ?? null, number?.box ?? null) : null;
  return {
    number: number?.text ?? null,
    title,
    titleblock: block ? frame.unbox(block) : (geometric?.bounds ?? null),
    viewport: block
      ? viewportBeside(findBorder(scene), frame.unbox(block))
      : (geometric?.viewport ?? [0, 0, page.width, page.height]),
    rules: {
      number: number?.rule ?? null,
      titleblock: block ? (ruled ? 'ruled-box' : 'rule-stack') : (geometric?.rule ?? null),
    },
    index: readSheetIndex(lines),
  };
}

function largestInBand(lines: ReturnType<typeof letteringLines>, width: number, height: number): BBox | null {
  const typical = typicalSize(lines);
  const big = lines
    .filter(
      (l) =>
        (l.box[0] >= 0.72 * width || l.box[1] >= 0.8 * height) && l.size >= 1.5 * typical && /\p{L}{3}/u.test(l.text),
    )
    .sort((a, b) => b.size - a.size)[0];
  return big?.box ?? null;
}

/** Without a ruled block: the band of the sheet the number stands in (the right or the bottom quarter). */
function outerBandAround(box: BBox, width: number, height: number): BBox {
  return box[0] >= 0.72 * width ? [0.72 * width, 0, width, height] : [0, 0.72 * height, width, height];
}

/** The scene reads the page and never writes to it: its arrays are taken as they are. */
const sceneOf = (page: IdentityInput): Scene =>
  buildScene({
    width: page.width,
    height: page.height,
    paths: page.paths as PathGeom[],
    texts: page.texts as TextRun[],
  });

const boxArea = (b: BBox) => (b[2] - b[0]) * (b[3] - b[1]);
const contains = (outer: BBox, inner: BBox) =>
  inner[0] >= outer[0] - 1 && inner[1] >= outer[1] - 1 && inner[2] <= outer[2] + 1 && inner[3] <= outer[3] + 1;
