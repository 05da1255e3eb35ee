// The lettering reader: what is written in given regions of a page, from its text layer where
// it has one, else recognised from the region rendered from the page's own geometry (stroked
// SHX lettering, glyphs flattened to outlines). One module, used by Tier 1 (tag interiors, note
// blocks at leader tails) and by project ingestion (title blocks of sheets without a text layer).
// Every result says where it came from and how sure it is. See README.md beside this file.
import type { BBox, PageGeometry } from '../../../core/geometry/types.ts';
import { LIMITS } from '../../../core/limits.ts';
import { PaddleEngine, type PixelBox } from './paddle.ts';
import { PathIndex, renderRegion, type GreyImage } from './render.ts';
import { rotate } from './image.ts';

export type LetteringSource = 'text-layer' | 'recognised';

export interface Lettering {
  text: string;
  /** Where it is written, in display points of the page. */
  bbox: BBox;
  source: LetteringSource;
  /** 1 for the text layer; the recogniser's mean character probability otherwise. */
  confidence: number;
  /** Recognised lettering: the quarter turns (clockwise) the region was turned to read it, i.e. the way it reads on the page. */
  quarters?: number;
}

export interface LetteringRegion {
  /** The region in display points of the page (rotation applied, origin top left, y down). */
  bbox: BBox;
  /**
   * Height of the lettering expected there, in points, when the caller knows it (a tag's letters
   * are about a third of its radius); the region is rendered so such letters are LETTER_PX high.
   * Without it, 2.5–5 mm plotted lettering is assumed (ISO 3098; the NCS's 3/32"–3/16").
   */
  letterHeight?: number;
  /**
   * Quarter turns (clockwise) to try, in order, for the reading direction; the first reading
   * past SURE ends the trials. Default: upright, then lettering turned a quarter either way, then
   * upside down (sheets letter along both axes; a view read from the right is common).
   */
  quarters?: readonly number[];
  /** Indexes into the page's paths to leave out of the render (a tag's own circle and divider). */
  skipPaths?: readonly number[];
}

export interface ReaderOptions {
  /** Regions recognised at most; the rest get no reading. Default LIMITS.letteringMaxRegions. */
  maxRegions?: number;
  /** CPU time of this thread the recognition may use; regions left when it runs out get no reading. Default LIMITS.letteringCpuMs. */
  cpuMs?: number;
}

export interface ReadResult {
  /** Per region, in the order asked: its lines of lettering, top to bottom (empty when none was read). */
  regions: Lettering[][];
  /** Regions rendered and recognised, and the thread CPU time that took. */
  recognised: number;
  recogniserCpuMs: number;
  /** Regions left unread because the budget (regions or CPU time) ran out. */
  skipped: number;
}

/** Pixels of a letter's height in the render: the detector and recogniser read 20–48 px letters best. */
const LETTER_PX = 30;
/** Points of lettering assumed where the caller gives no height (3.5 mm). */
const DEFAULT_LETTER_PT = 10;
/** A reading this sure ends the orientation trials. */
const SURE = 0.9;
/** Readings less sure than this are not lettering (line work read as characters). */
export const MIN_CONFIDENCE = 0.5;

const cpuNow = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};

/** Text-layer runs whose centres lie in the box, top to bottom. */
function textLayerIn(page: Pick<PageGeometry, 'texts'>, box: BBox): Lettering[] {
  return page.texts
    .filter((t) => {
      const cx = (t.bbox[0] + t.bbox[2]) / 2;
      const cy = (t.bbox[1] + t.bbox[3]) / 2;
      return t.str.trim() !== '' && cx >= box[0] && cx <= box[2] && cy >= box[1] && cy <= box[3];
    })
    .sort((a, b) => a.bbox[1] - b.bbox[1] || a.bbox[0] - b.bbox[0])
    .map((t) => ({ text: t.str.trim(), bbox: t.bbox, source: 'text-layer' as const, confidence: 1 }));
}

/** A pixel box of `img` turned by `quarters`, back in points of the page (`img` is the render before the turn). */
function toPage(box: PixelBox, quarters: number, img: GreyImage, origin: BBox, scale: number): BBox {
  const q = ((quarters % 4) + 4) % 4;
  const { width: w, height: h } = img;
  // Undo the turn: a point (X, Y) of the turned image came from (x, y) of the render.
  const back = (X: number, Y: number): [number, number] =>
    q === 0 ? [X, Y] : q === 1 ? [Y, h - X] : q === 2 ? [w - X, h - Y] : [w - Y, X];
  const [ax, ay] = back(box[0], box[1]);
  const [bx, by] = back(box[2], box[3]);
  return [
    origin[0] + Math.min(ax, bx) / scale,
    origin[1] + Math.min(ay, by) / scale,
    origin[0] + Math.max(ax, bx) / scale,
    origin[1] + Math.max(ay, by) / scale,
  ];
}

export class LetteringReader {
  private readonly engine: PaddleEngine;
  private constructor(engine: PaddleEngine) {
    this.engine = engine;
  }

  static async open(): Promise<LetteringReader> {
    return new LetteringReader(await PaddleEngine.open());
  }

  async close(): Promise<void> {
    await this.engine.close();
  }

  /** The lettering in one rendered image, in the best of the orientations tried. */
  private async recognise(
    img: GreyImage,
    quarters: readonly number[],
  ): Promise<{ q: number; lines: { box: PixelBox; text: string; confidence: number }[] }> {
    let best: { q: number; lines: { box: PixelBox; text: string; confidence: number }[]; score: number } = {
      q: 0,
      lines: [],
      score: 0,
    };
    for (const q of quarters) {
      const turned = rotate(img, q);
      const lines = (await this.engine.readBlock(turned)).map((l) => ({
        box: l.box,
        text: l.reading.text,
        confidence: l.reading.confidence,
      }));
      // Sure characters count: an orientation reading more of them, more surely, is the right one.
      const chars = lines.reduce((s, l) => s + l.text.trim().length, 0);
      const mean = chars ? lines.reduce((s, l) => s + l.confidence * l.text.trim().length, 0) / chars : 0;
      const score = mean * Math.min(1, 0.5 + chars / 8);
      if (score > best.score) best = { q, lines, score };
      if (mean >= SURE && chars > 0) break;
    }
    return { q: best.q, lines: best.lines };
  }

  /**
   * Reads each region: its text-layer runs when it has any, else its lettering recognised from
   * the rendered geometry, while the budget lasts. Readings under MIN_CONFIDENCE are dropped.
   */
  async read(
    page: Pick<PageGeometry, 'paths' | 'texts'>,
    regions: readonly LetteringRegion[],
    options: ReaderOptions = {},
  ): Promise<ReadResult> {
    const maxRegions = options.maxRegions ?? LIMITS.letteringMaxRegions;
    const cpuMs = options.cpuMs ?? LIMITS.letteringCpuMs;
    const out: Lettering[][] = [];
    let index: PathIndex | null = null;
    let recognised = 0;
    let skipped = 0;
    const started = cpuNow();
    for (const region of regions) {
      const layer = textLayerIn(page, region.bbox);
      if (layer.length) {
        out.push(layer);
        continue;
      }
      if (recognised >= maxRegions || cpuNow() - started > cpuMs) {
        skipped++;
        out.push([]);
        continue;
      }
      index ??= new PathIndex(page.paths);
      const scale = LETTER_PX / (region.letterHeight ?? DEFAULT_LETTER_PT);
      const { image, scale: used } = renderRegion(
        index,
        region.bbox,
        scale,
        new Set(region.skipPaths ?? []),
        region.letterHeight ?? 0,
      );
      const { q, lines } = await this.recognise(image, region.quarters ?? [0, 3, 1, 2]);
      recognised++;
      out.push(
        lines
          .filter((l) => l.confidence >= MIN_CONFIDENCE && l.text.trim() !== '')
          .map((l) => ({
            text: l.text.trim(),
            bbox: toPage(l.box, q, image, region.bbox, used),
            source: 'recognised' as const,
            confidence: Number(l.confidence.toFixed(3)),
            quarters: q,
          })),
      );
    }
    return { regions: out, recognised, recogniserCpuMs: cpuNow() - started, skipped };
  }
}

let shared: Promise<LetteringReader> | null = null;

/** This thread's reader, opened on first use and kept: loading the models costs about 0.4 s of CPU. */
export function sharedReader(): Promise<LetteringReader> {
  shared ??= LetteringReader.open().catch((err) => {
    shared = null;
    throw err;
  });
  return shared;
}
