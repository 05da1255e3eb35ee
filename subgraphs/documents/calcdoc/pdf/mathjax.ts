// TeX → self-contained SVG (glyphs as paths, so no math font to embed) with
// MathJax. The MathJax document is built once per worker thread on first use.
import { liteAdaptor } from 'mathjax-full/js/adaptors/liteAdaptor.js';
import { RegisterHTMLHandler } from 'mathjax-full/js/handlers/html.js';
import { TeX } from 'mathjax-full/js/input/tex.js';
import { mathjax } from 'mathjax-full/js/mathjax.js';
import { SVG } from 'mathjax-full/js/output/svg.js';

export interface MathSvg {
  svg: string;
  /** Size in ex of the math font (MathJax's unit). */
  widthEx: number;
  heightEx: number;
  /** Distance of the baseline above the bottom, in ex. */
  depthEx: number;
}

let engine: { adaptor: ReturnType<typeof liteAdaptor>; doc: ReturnType<typeof mathjax.document> } | null = null;

function mathEngine() {
  if (!engine) {
    const adaptor = liteAdaptor();
    RegisterHTMLHandler(adaptor);
    const doc = mathjax.document('', { InputJax: new TeX({ packages: ['base', 'ams'] }), OutputJax: new SVG({ fontCache: 'local' }) });
    engine = { adaptor, doc };
  }
  return engine;
}

export function texToSvg(tex: string): MathSvg {
  const { adaptor, doc } = mathEngine();
  const node = doc.convert(tex, { display: false });
  const svg = adaptor.innerHTML(node);
  const attr = (name: string) => Number(new RegExp(`${name}="(-?[\\d.]+)ex"`).exec(svg)?.[1] ?? 0);
  const depth = Number(/vertical-align: (-?[\d.]+)ex/.exec(svg)?.[1] ?? 0);
  if (/data-mjx-error|merror/.test(svg)) throw new Error(`MathJax could not typeset ${tex}`);
  return { svg, widthEx: attr('width'), heightEx: attr('height'), depthEx: -depth };
}
