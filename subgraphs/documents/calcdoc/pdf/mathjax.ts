// MathML → vector outlines with MathJax. MathJax's SVG output is walked as a
// tree (no SVG text to serialize and parse again): each glyph's outline is
// parsed once per worker thread and cached, and an equation becomes a list of
// glyph uses with their transforms (the PDF draws each glyph once as a form
// and places it) plus the few rules and paths drawn directly (fraction bars).
// The MathJax document is built once per worker on first use.
/* eslint-disable @typescript-eslint/no-explicit-any -- MathJax's internal node and adaptor classes have no public types */
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { MathML } from 'mathjax-full/js/input/mathml.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

/** Path commands in the equation's viewBox: M x y | L x y | Q cx cy x y | Z. */
export const MOVE = 0;
export const LINE = 1;
export const QUAD = 2;
export const CLOSE = 3;

export interface MathOutline {
  /** x, y (negative: above the baseline), width, height in MathJax units (1000 = 1 em). */
  viewBox: [number, number, number, number];
  /** Glyph (key into glyphOutline) and where it goes, in viewBox coordinates. */
  uses: { glyph: string; matrix: Matrix }[];
  /** Rules and other direct paths, already in viewBox coordinates. */
  path: number[];
  /** Characters MathJax has no outline for (it leaves them as text): drawn with the text font. */
  texts: { text: string; matrix: Matrix; size: number; italic: boolean }[];
}

export type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

function parseTransform(text: string | null | undefined): Matrix {
  let m = IDENTITY;
  if (!text) return m;
  for (const [, fn, args] of text.matchAll(/(?<!\w)(\w+)\(([^()]*)\)/g)) {
    const a = args!
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
    if (fn === 'translate') m = multiply(m, [1, 0, 0, 1, a[0] ?? 0, a[1] ?? 0]);
    else if (fn === 'scale') m = multiply(m, [a[0]!, 0, 0, a[1] ?? a[0]!, 0, 0]);
    else if (fn === 'matrix') m = multiply(m, a as Matrix);
    else throw new Error(`transform ${fn}`);
  }
  return m;
}

/** A glyph outline in absolute M/L/Q/Z commands (MathJax fonts use M L H V Q T Z). */
function parsePath(d: string): number[] {
  const out: number[] = [];
  const tokens = d.match(/[A-Za-z]|-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?/g) ?? [];
  let i = 0;
  let cmd = '';
  let x = 0;
  let y = 0;
  let sx = 0;
  let sy = 0;
  let cx = 0;
  let cy = 0;
  let lastQuad = false;
  const num = () => Number(tokens[i++]);
  while (i < tokens.length) {
    if (/[A-Za-z]/.test(tokens[i]!)) cmd = tokens[i++]!;
    const rel = cmd === cmd.toLowerCase();
    const ox = rel ? x : 0;
    const oy = rel ? y : 0;
    switch (cmd.toUpperCase()) {
      case 'M':
        x = ox + num();
        y = oy + num();
        sx = x;
        sy = y;
        out.push(MOVE, x, y);
        cmd = rel ? 'l' : 'L';
        lastQuad = false;
        break;
      case 'L':
        x = ox + num();
        y = oy + num();
        out.push(LINE, x, y);
        lastQuad = false;
        break;
      case 'H':
        x = ox + num();
        out.push(LINE, x, y);
        lastQuad = false;
        break;
      case 'V':
        y = oy + num();
        out.push(LINE, x, y);
        lastQuad = false;
        break;
      case 'Q':
        cx = ox + num();
        cy = oy + num();
        x = ox + num();
        y = oy + num();
        out.push(QUAD, cx, cy, x, y);
        lastQuad = true;
        break;
      case 'T':
        cx = lastQuad ? 2 * x - cx : x;
        cy = lastQuad ? 2 * y - cy : y;
        x = ox + num();
        y = oy + num();
        out.push(QUAD, cx, cy, x, y);
        lastQuad = true;
        break;
      case 'Z':
        out.push(CLOSE);
        x = sx;
        y = sy;
        lastQuad = false;
        break;
      default:
        throw new Error(`path command ${cmd}`);
    }
  }
  return out;
}

function place(out: number[], path: readonly number[], m: Matrix): void {
  const px = (x: number, y: number) => m[0] * x + m[2] * y + m[4];
  const py = (x: number, y: number) => m[1] * x + m[3] * y + m[5];
  for (let i = 0; i < path.length;) {
    const op = path[i++]!;
    if (op === CLOSE) {
      out.push(CLOSE);
    } else if (op === QUAD) {
      const [a, b, c, d] = [path[i]!, path[i + 1]!, path[i + 2]!, path[i + 3]!];
      out.push(QUAD, px(a, b), py(a, b), px(c, d), py(c, d));
      i += 4;
    } else {
      const [a, b] = [path[i]!, path[i + 1]!];
      out.push(op, px(a, b), py(a, b));
      i += 2;
    }
  }
}

/** Parsed outlines by glyph (TEX-I-1D464), shared by every equation of this worker. */
const glyphs = new Map<string, number[]>();

export const glyphOutline = (key: string): readonly number[] => glyphs.get(key) ?? [];

let engine: { adaptor: ReturnType<typeof liteAdaptor>; doc: ReturnType<typeof mathjax.document> } | null = null;

function mathEngine() {
  if (!engine) {
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    const doc = mathjax.document('', { InputJax: new MathML(), OutputJax: new SVG({ fontCache: 'local' }) });
    engine = { adaptor, doc };
  }
  return engine;
}

/** Typesets the content of a display-style <math> element. */
export function mathmlToOutline(content: string): MathOutline {
  const { adaptor, doc } = mathEngine();
  const container = doc.convert(`<math display="block">${content}</math>`, { display: true });
  const svg = adaptor.firstChild(container) as any;
  const attr = (node: any, name: string) => adaptor.getAttribute(node, name) as string | null;
  const viewBox = (attr(svg, 'viewBox') ?? '0 0 0 0').split(/\s+/).map(Number) as [number, number, number, number];
  const ids = new Map<string, string>();
  const path: number[] = [];
  const uses: MathOutline['uses'] = [];
  const texts: MathOutline['texts'] = [];

  const walk = (node: any, m: Matrix): void => {
    const kind = adaptor.kind(node);
    switch (kind) {
      case '#text':
      case '#comment':
      case 'title':
        return;
      case 'defs':
        for (const def of adaptor.childNodes(node) as any[]) {
          const id = attr(def, 'id');
          if (!id) continue;
          const key = id.replace(/^MJX-\d+-/, '');
          if (!glyphs.has(key)) glyphs.set(key, parsePath(attr(def, 'd') ?? ''));
          ids.set(id, key);
        }
        return;
      case 'use': {
        const href = (attr(node, 'xlink:href') ?? attr(node, 'href') ?? '').replace(/^#/, '');
        const key = ids.get(href);
        if (!key) throw new Error(`glyph ${href}`);
        const at = multiply(multiply(m, parseTransform(attr(node, 'transform'))), [
          1,
          0,
          0,
          1,
          Number(attr(node, 'x') ?? 0),
          Number(attr(node, 'y') ?? 0),
        ]);
        uses.push({ glyph: key, matrix: at });
        return;
      }
      case 'rect': {
        const at = multiply(m, parseTransform(attr(node, 'transform')));
        const [x, y, w, h] = ['x', 'y', 'width', 'height'].map((n) => Number(attr(node, n) ?? 0)) as [
          number,
          number,
          number,
          number,
        ];
        place(path, [MOVE, x, y, LINE, x + w, y, LINE, x + w, y + h, LINE, x, y + h, CLOSE], at);
        return;
      }
      case 'text': {
        const at = multiply(multiply(m, parseTransform(attr(node, 'transform'))), [
          1,
          0,
          0,
          1,
          Number(attr(node, 'x') ?? 0),
          Number(attr(node, 'y') ?? 0),
        ]);
        const size = Number(/[\d.]+/.exec(attr(node, 'font-size') ?? '')?.[0] ?? 1000);
        texts.push({
          text: adaptor.textContent(node),
          matrix: at,
          size,
          italic: /italic/.test(attr(node, 'font-style') ?? attr(node, 'data-variant') ?? ''),
        });
        return;
      }
      case 'path':
        place(path, parsePath(attr(node, 'd') ?? ''), multiply(m, parseTransform(attr(node, 'transform'))));
        return;
      case 'g':
      case 'svg': {
        if (attr(node, 'data-mml-node') === 'merror') throw new Error(`MathJax could not typeset ${content}`);
        let at = multiply(m, parseTransform(attr(node, 'transform')));
        if (kind === 'svg' && node !== svg) {
          // A nested viewport (MathJax uses them for some layouts): its position, then its viewBox.
          at = multiply(at, [1, 0, 0, 1, Number(attr(node, 'x') ?? 0), Number(attr(node, 'y') ?? 0)]);
          const vb = attr(node, 'viewBox');
          if (vb) {
            const [vx, vy] = vb.split(/\s+/).map(Number) as [number, number];
            at = multiply(at, [1, 0, 0, 1, -vx, -vy]);
          }
        }
        for (const c of adaptor.childNodes(node) as any[]) walk(c, at);
        return;
      }
      default:
        throw new Error(`MathJax produced <${kind}>, which the PDF writer does not draw (in ${content})`);
    }
  };
  walk(svg, IDENTITY);
  return { viewBox, uses, path, texts };
}
