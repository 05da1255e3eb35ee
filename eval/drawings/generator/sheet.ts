/**
 * Assembles one sheet: plans every annotation first (so clutter can keep out
 * of them), then draws background, form XObject, annotations and title block
 * in the order a CAD plot would, and derives the truth from the same plans.
 * Pure: bytes in memory, no file system, no clock, no Math.random.
 */
import { PDFDocument, PDFName, StandardFonts, degrees } from 'pdf-lib';
import type { PDFFont, PDFPage } from 'pdf-lib';
import { drawContext } from './context.ts';
import type { DrawContext } from './context.ts';
import { compose, inflate, invert, layoutToUser, viewportTransform } from './geometry.ts';
import type { Box, Matrix, Point } from './geometry.ts';
import { Placer } from './layout.ts';
import type { Footprint } from './layout.ts';
import { Pen } from './pen.ts';
import { createRng } from './prng.ts';
import type { Rng } from './prng.ts';
import { columns, dimensions, gridLines, hatches, shortLines, trees, walls } from './shapes/clutter.ts';
import { arcBox } from './shapes/curves.ts';
import { denseHatch } from './shapes/dense.ts';
import { detailTagFootprint, detailTagTruth, drawDetailTag, planDetailTag } from './shapes/detail-tag.ts';
import type { DetailTagPlan } from './shapes/detail-tag.ts';
import { drawLeader, leaderFootprint, leaderTruth, planLeader } from './shapes/leader.ts';
import type { LeaderPlan } from './shapes/leader.ts';
import {
  drawRevisionCloud,
  drawRevisionTriangle,
  planRevisionCloud,
  planRevisionTriangle,
  revisionCloudTruth,
  revisionTriangleTruth,
} from './shapes/revision.ts';
import type { RevisionCloudPlan, RevisionTrianglePlan } from './shapes/revision.ts';
import { drawSectionTag, planSectionTag, sectionTagFootprint, sectionTagTruth } from './shapes/section-tag.ts';
import type { SectionTagPlan } from './shapes/section-tag.ts';
import { drawTitleblock, planTitleblock } from './shapes/titleblock.ts';
import { lookalikes } from './shapes/lookalikes.ts';
import { homeRuns } from './shapes/home-run.ts';
import { squareLookalikes } from './shapes/square-lookalikes.ts';
import { sheetUnit, weights } from './styles.ts';
import type { SheetSpec } from './styles.ts';
import { TextPainter } from './text.ts';
import { DisplayMap } from './truth.ts';
import type { GroundTruth } from './truth.ts';

const FONT = 'F1';
const FORM = 'Fm1';
/** Fixed metadata: a timestamp would break byte-for-byte determinism. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

export interface GeneratedSheet {
  pdf: Uint8Array;
  truth: GroundTruth;
}

function validate(spec: SheetSpec): void {
  if (![0, 90, 180, 270].includes(spec.rotation)) throw new Error(`${spec.name}: rotation must be 0, 90, 180 or 270`);
  if (!(spec.width > 200 && spec.height > 200)) throw new Error(`${spec.name}: sheet too small`);
  if (spec.arrowheads.length === 0 && spec.counts.leaders > 0) throw new Error(`${spec.name}: leaders need arrowheads`);
  if (spec.perPathScale !== null && !(spec.perPathScale > 0))
    throw new Error(`${spec.name}: perPathScale must be positive`);
  if (!/^[A-Za-z0-9._-]+$/.test(spec.name)) throw new Error(`${spec.name}: name must be a plain file stem`);
}

async function newDocument(title: string): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setProducer('structural-platform synthetic drawing generator');
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  return doc;
}

async function pageFont(doc: PDFDocument, page: PDFPage, spec: SheetSpec): Promise<PDFFont | null> {
  if (spec.textMode !== 'font') return null;
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of(FONT), font.ref);
  return font;
}

function flush(page: PDFPage, pen: Pen): void {
  for (const chunk of pen.chunks) if (chunk.length > 0) page.pushOperators(...chunk);
}

interface Planned {
  leaders: LeaderPlan[];
  sections: SectionTagPlan[];
  details: DetailTagPlan[];
  triangles: RevisionTrianglePlan[];
  clouds: RevisionCloudPlan[];
}

function planAnnotations(spec: SheetSpec, rng: Rng, text: TextPainter, placer: Placer, u: number): Planned {
  const margin = 6 * u;
  const tries = 300;
  const area = placer.area;
  const out: Planned = { leaders: [], sections: [], details: [], triangles: [], clouds: [] };
  const c = spec.counts;
  const outlines = spec.tagOutlines ?? ['circle'];
  const outlineOf = (i: number) => outlines[i % outlines.length]!;

  for (let i = 0; i < c.revisionClouds; i++) {
    const id = `revision_cloud-${out.clouds.length + 1}`;
    // The scallops themselves block everything; the enclosed area only blocks other annotations.
    const footprint = (p: RevisionCloudPlan): Footprint => [
      { box: p.bbox, kind: 'keep-clear' },
      ...p.arcs.map((a) => ({ box: inflate(arcBox(a), u) })),
    ];
    const p = placer.place(rng, tries, 'annotation', margin, (r) => planRevisionCloud(r, id, u, area), footprint);
    if (p) out.clouds.push(p);
  }
  // Deltas usually sit at a corner of their cloud.
  const revision = (): string => String(1 + (out.triangles.length % 3));
  for (const cloud of out.clouds) {
    if (out.triangles.length >= c.revisionTriangles || !rng.chance(0.7)) continue;
    const id = `revision_triangle-${out.triangles.length + 1}`;
    const [x1, y1, x2, y2] = cloud.bbox;
    const p = placer.place(
      rng,
      12,
      'annotation',
      2 * u,
      (r) => {
        const corner: Point = [r.chance(0.5) ? x1 - 16 * u : x2 + 16 * u, r.chance(0.5) ? y1 - 26 * u : y2 + 4 * u];
        return planRevisionTriangle(r, text, id, u, corner, revision());
      },
      (p) => [{ box: p.bbox }],
    );
    if (p) out.triangles.push(p);
  }
  for (let i = 0; i < c.sectionTags; i++) {
    const id = `section_tag-${out.sections.length + 1}`;
    const p = placer.place(
      rng,
      tries,
      'annotation',
      margin,
      (r) => planSectionTag(r, text, id, u, area, outlineOf(i)),
      sectionTagFootprint,
    );
    if (p) out.sections.push(p);
  }
  for (let i = 0; i < c.detailTags; i++) {
    const id = `detail_tag-${out.details.length + 1}`;
    const p = placer.place(
      rng,
      tries,
      'annotation',
      margin,
      (r) => planDetailTag(r, text, id, u, area, outlineOf(c.sectionTags + i)),
      detailTagFootprint,
    );
    if (p) out.details.push(p);
  }
  for (let i = 0; i < c.leaders; i++) {
    const id = `leader-${out.leaders.length + 1}`;
    const arrowhead = spec.arrowheads[i % spec.arrowheads.length] ?? 'filled';
    const p = placer.place(
      rng,
      tries,
      'annotation',
      margin,
      (r) => planLeader(r, text, id, u, arrowhead, area),
      leaderFootprint,
    );
    if (p) out.leaders.push(p);
  }
  // REVISION IN CONTEXT: a delta away from any cloud is a revision only by its row in the revision
  // block, which the analysis reads from a text layer alone; on stroked sheets every delta stands
  // beside its cloud (the known limit: a stroked revision block is not read).
  while (spec.textMode === 'font' && out.triangles.length < c.revisionTriangles) {
    const id = `revision_triangle-${out.triangles.length + 1}`;
    const rev = revision();
    const p = placer.place(
      rng,
      tries,
      'annotation',
      margin,
      (r) => planRevisionTriangle(r, text, id, u, [r.range(area[0], area[2]), r.range(area[1], area[3])], rev),
      (p) => [{ box: p.bbox }],
    );
    if (!p) break;
    out.triangles.push(p);
  }
  return out;
}

export async function generateSheet(spec: SheetSpec): Promise<GeneratedSheet> {
  validate(spec);
  const rotated = spec.rotation === 90 || spec.rotation === 270;
  const userW = rotated ? spec.height : spec.width;
  const userH = rotated ? spec.width : spec.height;
  const toUser = layoutToUser(spec.rotation, userW, userH, spec.height);
  const map = new DisplayMap(viewportTransform(spec.rotation, userW, userH), toUser);
  const u = sheetUnit(spec);
  const w = weights(spec.lineWeights);
  const root = createRng(spec.seed);
  const layoutRng = root.fork('layout');
  const clutterRng = root.fork('clutter');
  const drawRng = root.fork('draw');

  const doc = await newDocument(spec.name);
  const page = doc.addPage([userW, userH]);
  page.setRotation(degrees(spec.rotation));
  const font = await pageFont(doc, page, spec);
  const text = new TextPainter(spec.textMode, font);
  const pagePen = new Pen({ matrix: toUser, perPathScale: spec.perPathScale, fontName: FONT, font });
  const pageCtx = drawContext(pagePen, text, drawRng, spec, w);

  const tb = planTitleblock(spec, text, layoutRng, u);
  const placer = new Placer(inflate(tb.viewport, -12 * u));
  if (spec.titleblock === 'stamp' || spec.titleblock === 'iso-stamp')
    placer.reserve(inflate(tb.bounds, 12 * u), 'annotation');

  // A form XObject covering the drawing area, drawn scaled: its content lives in its own space.
  let form: { doc: PDFDocument; page: PDFPage; ctx: DrawContext; placement: Matrix } | null = null;
  if (spec.formXObject) {
    const vp = tb.viewport;
    const s = layoutRng.pick([0.5, 0.25]);
    const place: Matrix = [s, 0, 0, s, vp[0], vp[1]];
    const formDoc = await newDocument(`${spec.name} form`);
    const formPage = formDoc.addPage([(vp[2] - vp[0]) / s, (vp[3] - vp[1]) / s]);
    const formFont = await pageFont(formDoc, formPage, spec);
    const formPen = new Pen({ matrix: invert(place), perPathScale: spec.perPathScale, fontName: FONT, font: formFont });
    form = {
      doc: formDoc,
      page: formPage,
      ctx: drawContext(formPen, text, drawRng, spec, w),
      placement: compose(toUser, place),
    };
  }

  const planned = planAnnotations(spec, layoutRng, text, placer, u);

  // Outer clip like AutoCAD plots emit, then the viewport clip around all drawing content.
  const pageBox: Box = [0, 0, spec.width, spec.height];
  if (spec.clipPaths) {
    pagePen.save();
    pagePen.clip([{ op: 'R', box: pageBox }]);
    pagePen.save();
    pagePen.clip([{ op: 'R', box: tb.viewport }]);
  }

  const bg = form ? form.ctx : pageCtx;
  gridLines(
    bg,
    placer.area,
    clutterRng,
    u,
    spec.titleblock === 'stamp' || spec.titleblock === 'iso-stamp' ? inflate(tb.bounds, 6 * u) : null,
  );
  const area = placer.area;
  const scale = ((area[2] - area[0]) * (area[3] - area[1])) / (1100 * 700);
  walls(bg, placer, clutterRng, u, Math.round(14 * scale));
  dimensions(bg, placer, clutterRng, u, Math.round(8 * scale));
  hatches(pageCtx, placer, clutterRng, u, Math.round(4 * scale), spec.clipPaths);
  const columnCircles = columns(pageCtx, placer, clutterRng, u, Math.round(10 * scale));
  shortLines(pageCtx, placer, clutterRng, u, Math.round(40 * scale));
  const treeBoxes = trees(pageCtx, placer, clutterRng, u, spec.trees);
  // Its own stream, so sheets without look-alikes keep their bytes.
  const lookalikeBoxes = lookalikes(pageCtx, placer, root.fork('lookalikes'), u, spec.lookalikes);
  const homeRunBoxes = homeRuns(pageCtx, placer, root.fork('home-runs'), u, spec.homeRuns ?? 0);
  const squareBoxes = squareLookalikes(pageCtx, placer, root.fork('square-lookalikes'), u, spec.squareLookalikes ?? 0);
  if (spec.denseOps > 0) {
    const opsPerPath = spec.perPathScale === null ? 1 : 5;
    denseHatch(pageCtx, placer, root.fork('dense'), u, Math.ceil((spec.denseOps * 1.02) / opsPerPath));
  }

  // Annotations: some inside the form XObject, the rest on the page.
  const pick = (): DrawContext => (form && drawRng.chance(0.5) ? form.ctx : pageCtx);
  for (const p of planned.clouds) drawRevisionCloud(pick(), p, spec.cloudMode, spec.cloudColor);
  for (const p of planned.sections) drawSectionTag(pick(), p, spec.dashMode, u);
  for (const p of planned.details) drawDetailTag(pick(), p, spec.dashMode, u);
  for (const p of planned.leaders) drawLeader(pick(), p);
  for (const p of planned.triangles) drawRevisionTriangle(pick(), p);

  if (form) {
    flush(form.page, form.ctx.pen);
    // Fonts are only written into a document when it flushes; copying the page before that loses them.
    await form.doc.flush();
    const embedded = await doc.embedPage(form.page);
    page.node.setXObject(PDFName.of(FORM), embedded.ref);
    pagePen.drawXObject(FORM, form.placement);
  }
  if (spec.clipPaths) pagePen.restore();
  drawTitleblock(pageCtx, tb);
  if (spec.clipPaths) pagePen.restore();
  flush(page, pagePen);

  const pdf = await doc.save();
  const truth: GroundTruth = {
    file: `${spec.name}.pdf`,
    page: 1,
    rotation: spec.rotation,
    dimensions: { width: spec.width, height: spec.height },
    titleblock: { bounds: map.box(tb.bounds), viewport: map.box(tb.viewport) },
    sheet_number: spec.sheetNumber,
    sheet_title: spec.sheetTitle,
    annotations: {
      leaders: planned.leaders.map((p) => leaderTruth(p, map)),
      section_tags: planned.sections.map((p) => sectionTagTruth(p, map)),
      detail_tags: planned.details.map((p) => detailTagTruth(p, map)),
      revision_triangles: planned.triangles.map((p) => revisionTriangleTruth(p, map)),
      revision_clouds: planned.clouds.map((p) => revisionCloudTruth(p, map, spec.cloudColor)),
    },
    negatives: {
      tree_outlines: treeBoxes.map((b) => map.box(b)),
      column_circles: columnCircles.map((c) => ({ center: map.point(c.center), radius: map.length(c.radius) })),
      lookalikes: [
        ...lookalikeBoxes.map((l) => ({ kind: l.kind, bbox: map.box(l.box) })),
        ...homeRunBoxes.map((b) => ({ kind: 'home_run_arrow', bbox: map.box(b) })),
        ...squareBoxes.map((l) => ({ kind: l.kind, bbox: map.box(l.box) })),
      ],
    },
    style: { ...spec, text_layer: spec.textMode === 'font' },
  };
  return { pdf, truth };
}
