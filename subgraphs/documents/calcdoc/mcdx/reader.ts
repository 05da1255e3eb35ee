// A .mcdx (ours or saved by Mathcad Prime) → the elements it holds, in the
// shapes create_document takes, plus every region it could not map (plots,
// programs, solve blocks, matrices…) with its kind and position, and the
// results Prime cached. Regions are read in Prime's evaluation order
// (top, then left). Text to the right of a math region on the same line is
// that element's description; a centered italic text under a picture is its caption.
import { strFromU8, type Unzipped } from 'fflate';
import { inflateBudget, type InflateBudget } from '../../../../core/zip.ts';
import { unzipLimited } from './zip.ts';
import { AppError, fieldError } from '../../../../core/errors.ts';
import type { CalcElement, DocumentMetadata, DocumentOptions, ImageElement } from '../elements.ts';
import { formatNumber } from '../expression.ts';
import { isUnitName, normalizeUnit } from '../math.ts';
import { calculate } from '../calculate.ts';
import { parseFormula } from '../expression.ts';
import { toPng } from '../to-png.ts';
import { readXaml, readXamlPackage } from './flow-document.ts';
import {
  idName,
  isUnitExpr,
  mathChildren,
  readExpression,
  readUnit,
  unwrap,
  Unmappable,
  type ReadContext,
} from './math50.ts';
import { child, children, parseXml, textOf } from './xml.ts';

export interface UnmappedRegion {
  kind: string;
  regionId: string;
  top: number;
  left: number;
  /** Where it sat among the elements: the index the next mapped element got. */
  elementPosition: number;
  reason: string;
}

export interface CachedResult {
  value: number;
  /** The unit of a unit override (as resultUnit reads), else Prime's long base-unit names with powers (meter^4); empty when dimensionless. */
  unit: string;
}

export interface ReadDocument {
  documentName: string | null;
  metadata: DocumentMetadata;
  /** Page orientation from presentation.xml; aiFormatting when variables sit two to a line (our layout pass). */
  options: DocumentOptions;
  appVersion: string | null;
  elements: CalcElement[];
  unmapped: UnmappedRegion[];
  /** Prime's cached result of each formula, by element index. */
  cachedResults: Record<number, CachedResult>;
  /** The PNG of each image element, by element index (for rendering). */
  images: Map<number, Uint8Array>;
}

interface Region {
  el: Element;
  id: string;
  top: number;
  left: number;
  width: number;
  height: number;
  body: Element;
}

/**
 * A part's root element; a part that is not well-formed XML is the caller's file's fault, a 422
 * naming the part and what is wrong (xmldom's ParseError is no Error the job could report: it
 * reached the job as "[object Object]", issue 29 finding 16).
 */
function partXml(name: string, bytes: Uint8Array): Element {
  try {
    return parseXml(strFromU8(bytes)).documentElement as unknown as Element;
  } catch (err) {
    throw fieldError('UNSUPPORTED_FORMAT', 'source_file', `${name} is not well-formed XML (${messageOf(err)})`, {
      field: 'source_file',
      part: name,
    });
  }
}

const messageOf = (err: unknown) =>
  err && typeof (err as Error).message === 'string' ? (err as Error).message : String(err);

export function openPackage(bytes: Uint8Array, budget?: InflateBudget): Unzipped {
  if (bytes[0] === 0xd0 && bytes[1] === 0xcf)
    throw new AppError(
      'UNSUPPORTED_FORMAT',
      'This is a binary Mathcad file (.mcd); binary Mathcad files are not supported. Save it as .xmcd or .mcdx first.',
    );
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b)
    throw new AppError('UNSUPPORTED_FORMAT', 'source_file is not an .mcdx package (a zip starting with PK)');
  let files: Unzipped;
  try {
    files = unzipLimited(bytes, budget);
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('UNSUPPORTED_FORMAT', `source_file is not a readable zip: ${(err as Error).message}`);
  }
  if (!files['mathcad/worksheet.xml'])
    throw new AppError(
      'UNSUPPORTED_FORMAT',
      'source_file has no mathcad/worksheet.xml: it is not a Mathcad Prime worksheet',
    );
  return files;
}

const relTargets = (files: Unzipped, owner: string): Map<string, string> => {
  const rels = files[`mathcad/_rels/${owner}.rels`];
  const out = new Map<string, string>();
  if (!rels) return out;
  for (const r of children(partXml(`mathcad/_rels/${owner}.rels`, rels))) {
    out.set(r.getAttribute('Id') ?? '', (r.getAttribute('Target') ?? '').replace(/^\//, ''));
  }
  return out;
};

const ctx: ReadContext = { isUnit: isUnitName };

export async function readMcdx(bytes: Uint8Array): Promise<ReadDocument> {
  // One inflate budget for the file and every package inside it (text regions' XAML).
  const budget = inflateBudget();
  const files = openPackage(bytes, budget);
  const worksheet = partXml('mathcad/worksheet.xml', files['mathcad/worksheet.xml']!);
  const targets = relTargets(files, 'worksheet.xml');
  const regions = regionsOf(worksheet);
  const doc = emptyDocument(files, regions);
  const reading: Reading = {
    files,
    targets,
    regions,
    doc,
    results: readResults(files),
    used: new Set(),
    textOf: regionTexts(files, targets, budget),
    unmapped: (r, kind, reason) =>
      doc.unmapped.push({
        kind,
        regionId: r.id,
        top: r.top,
        left: r.left,
        elementPosition: doc.elements.length,
        reason,
      }),
  };
  for (const r of regions) {
    if (reading.used.has(r)) continue;
    const kind = r.body.localName;
    if (kind === 'text') readTextRegion(reading, r);
    else if (kind === 'picture') await readPictureRegion(reading, r);
    else if (kind === 'math') readMathRegion(reading, r);
    else reading.unmapped(r, kind, `${kind} regions have no element shape`);
  }
  doc.elements = withoutDefaultOverrides(doc.elements);
  return doc;
}

type RegionText = ReturnType<typeof readXamlPackage>;

/** What the regions of one worksheet are read against, and the document they are read into. */
interface Reading {
  files: Unzipped;
  targets: Map<string, string>;
  regions: Region[];
  doc: ReadDocument;
  /** Prime's cached results by resultRef. */
  results: ReturnType<typeof readResults>;
  /** Text regions already taken as a picture's caption or a formula's description. */
  used: Set<Region>;
  textOf: (r: Region) => RegionText;
  unmapped: (r: Region, kind: string, reason: string) => void;
}

/** The worksheet's regions in reading order: top to bottom, then left to right. */
function regionsOf(worksheet: Element): Region[] {
  const regionsEl = child(worksheet, 'regions');
  return (regionsEl ? children(regionsEl) : [])
    .filter((r) => r.localName === 'region')
    .map((el) => ({
      el,
      id: el.getAttribute('region-id') ?? '',
      top: Number(el.getAttribute('top') ?? 0),
      left: Number(el.getAttribute('left') ?? 0),
      width: Number(el.getAttribute('actualWidth') ?? el.getAttribute('width') ?? 0),
      height: Number(el.getAttribute('actualHeight') ?? el.getAttribute('height') ?? 0),
      body: children(el)[0]!,
    }))
    .filter((r) => r.body)
    .sort((a, b) => a.top - b.top || a.left - b.left);
}

/** The document's properties and options, before any element: two math regions side by side mean an AI-formatted sheet. */
function emptyDocument(files: Unzipped, regions: readonly Region[]): ReadDocument {
  const presentation = files['mathcad/settings/presentation.xml'];
  const landscape = presentation ? /<pageModel[^>]*orientation="Landscape"/.test(strFromU8(presentation)) : false;
  const mathAt = (r: Region) => r.body.localName === 'math';
  const paired = regions.some(
    (r, i) => mathAt(r) && regions.slice(i + 1).some((o) => mathAt(o) && Math.abs(o.top - r.top) < 1),
  );
  return {
    ...readProperties(files),
    options: { aiFormatting: paired, pageOrientation: landscape ? 'landscape' : 'portrait' },
    elements: [],
    unmapped: [],
    cachedResults: {},
    images: new Map(),
  };
}

/** A text region's content, from its inner XAML package or its inline FlowDocument. */
function regionTexts(files: Unzipped, targets: Map<string, string>, budget: InflateBudget): (r: Region) => RegionText {
  // An inner package is read once however many regions point at it (its bytes count once).
  const packages = new Map<string, RegionText>();
  return (r) => {
    const item = r.body.getAttribute('item-idref');
    const target = item ? targets.get(item) : undefined;
    try {
      if (target && files[target]) {
        if (!packages.has(target)) packages.set(target, readXamlPackage(files[target]!, budget));
        return packages.get(target)!;
      }
      const inline = child(r.body, 'FlowDocument');
      return inline ? readXaml(serialize(inline)) : { content: '', style: 'normal' as const, caption: false };
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw fieldError(
        'UNSUPPORTED_FORMAT',
        'source_file',
        `the text of region ${r.id} is not readable (${messageOf(err)})`,
        { field: 'source_file', region_id: r.id },
      );
    }
  };
}

function readTextRegion(reading: Reading, r: Region): void {
  const t = reading.textOf(r);
  if (!t.content.trim()) return;
  reading.doc.elements.push({ type: 'text', content: t.content, ...(t.style !== 'normal' ? { style: t.style } : {}) });
}

async function readPictureRegion(reading: Reading, r: Region): Promise<void> {
  const { doc, targets, files } = reading;
  // Prime names the child after the format it believes it stored (png, or unknown for
  // the bitmaps it keeps in .tmp parts): the bytes say what the picture is.
  const stored = children(r.body).find((c) => c.hasAttribute('item-idref'));
  const target = stored && targets.get(stored.getAttribute('item-idref') ?? '');
  const part = target ? files[target] : undefined;
  let converted: Awaited<ReturnType<typeof toPng>> | null = null;
  try {
    converted = part ? await toPng(part, doc.elements.length) : null;
  } catch {
    converted = null;
  }
  if (!converted) {
    reading.unmapped(r, 'picture', part ? 'the picture cannot be decoded' : 'the picture is not a part of the package');
    return;
  }
  const data = converted.png;
  const image: ImageElement = {
    type: 'image',
    url: `data:image/png;base64,${Buffer.from(data).toString('base64')}`,
  };
  // The size the worksheet shows the picture at, always (display-width/height), so a read document is created again the same.
  const w = Number(stored!.getAttribute('display-width') ?? converted.width);
  const h = Number(stored!.getAttribute('display-height') ?? converted.height);
  Object.assign(image, { width: round(w), height: round(h) });
  const caption = pictureCaption(reading, r);
  if (caption !== null) image.caption = caption;
  doc.images.set(doc.elements.length, data);
  doc.elements.push(image);
}

/** A text region just under a picture, left-aligned with it and styled as a caption, is its caption. */
function pictureCaption(reading: Reading, r: Region): string | null {
  const caption = reading.regions.find(
    (c) =>
      !reading.used.has(c) &&
      c.body.localName === 'text' &&
      c.top >= r.top + r.height - 1 &&
      c.top <= r.top + r.height + 30 &&
      Math.abs(c.left - r.left) < 2,
  );
  if (!caption) return null;
  const t = reading.textOf(caption);
  if (!t.caption) return null;
  reading.used.add(caption);
  return t.content.replace(/^\*(.*)\*$/s, '$1');
}

function readMathRegion(reading: Reading, r: Region): void {
  const { doc, results } = reading;
  const element = readMath(r.body);
  if ('reason' in element) {
    reading.unmapped(r, element.kind, element.reason);
    return;
  }
  if (element.type === 'formula') {
    try {
      parseFormula(element.expression, doc.elements.length);
    } catch (err) {
      reading.unmapped(r, 'math', (err as Error).message.replace(/^Element \d+: /, ''));
      return;
    }
  }
  describeFromNeighbour(reading, r, element);
  const ref = r.body.getAttribute('resultRef');
  if (element.type === 'formula' && ref && results.has(ref)) {
    // Under a unit override Prime caches a bare real in that unit: the unit is the override's.
    const cached = results.get(ref)!;
    doc.cachedResults[doc.elements.length] =
      !cached.unit && element.resultUnit ? { value: cached.value, unit: element.resultUnit } : cached;
  }
  doc.elements.push(element);
}

/** A text region on the same line, to the right and before the next math region, describes the math region. */
function describeFromNeighbour(reading: Reading, r: Region, element: CalcElement): void {
  const { regions, used } = reading;
  const next = regions.find(
    (c) => c !== r && c.body.localName === 'math' && Math.abs(c.top - r.top) < 1 && c.left > r.left,
  );
  const description = regions.find(
    (c) =>
      !used.has(c) &&
      c.body.localName === 'text' &&
      Math.abs(c.top - r.top) < 1 &&
      c.left > r.left &&
      (!next || c.left < next.left),
  );
  if (!description) return;
  const t = reading.textOf(description);
  if (t.content.trim()) (element as { description?: string }).description = t.content;
  used.add(description);
}

/**
 * The writer shows a formula's result in the unit its inputs suggest as a unit override, so
 * Prime shows what our results and PDF show. Such an override is the default, not a
 * resultUnit anyone asked for: it is left out, so create → read gives back the elements
 * created. An override the inputs do not suggest (ft·kip for N·m inputs) stays.
 */
function withoutDefaultOverrides(elements: CalcElement[]): CalcElement[] {
  if (!elements.some((e) => e.type === 'formula' && e.resultUnit)) return elements;
  let calc: ReturnType<typeof calculate>;
  try {
    calc = calculate(elements, { lenient: true });
  } catch {
    return elements;
  }
  return elements.map((e, i) => {
    if (e.type !== 'formula' || !e.resultUnit) return e;
    const c = calc.byIndex.get(i);
    if (c?.kind !== 'formula' || !c.suggestedUnit || normalizeUnit(c.suggestedUnit) !== normalizeUnit(e.resultUnit))
      return e;
    const { resultUnit: _default, ...rest } = e;
    return rest;
  });
}

const round = (v: number) => Math.round(v * 100) / 100;

function serialize(el: Element): string {
  // xmldom nodes serialize through their owner document's serializer.
  return (el as unknown as { toString(): string }).toString();
}

type MathRead = CalcElement | { kind: string; reason: string };

/** One math region → a variable (name := number [unit]) or a formula; anything else is unmapped. */
export function readMath(math: Element, context: ReadContext = ctx): MathRead {
  // The content math (math50 in Prime, math30/20/10 in .xmcd); resultFormat and the like sit beside it.
  const first = contentMath(math);
  if (!first) return { kind: 'math', reason: 'empty math region' };
  try {
    if (first.localName === 'define') {
      const [target, value] = mathChildren(first);
      if (!target || !value) return { kind: 'math', reason: 'incomplete definition' };
      if (target.localName !== 'id') return { kind: 'function', reason: 'function definitions have no element shape' };
      const name = idName(target);
      if (value.localName === 'eval') return formulaOf(name, value, context);
      const quantity = readQuantity(value, context);
      if (quantity)
        return { type: 'variable', name, value: quantity.value, ...(quantity.unit ? { unit: quantity.unit } : {}) };
      return { type: 'formula', expression: `${name} := ${readExpression(value, context).text}` };
    }
    if (first.localName === 'eval') return formulaOf(null, first, context);
    return { kind: first.localName, reason: `${first.localName} regions have no element shape` };
  } catch (err) {
    if (err instanceof Unmappable)
      return { kind: kindOf(err.message), reason: `uses ${err.message}, which a formula element cannot express` };
    throw err;
  }
}

/** The first content-math child of a region (math50 in Prime, math30/20/10 in .xmcd), its provenance wrappers opened. */
function contentMath(el: Element): Element | undefined {
  const first = children(el).find((c) => /\/math\d+$/.test(c.namespaceURI ?? ''));
  return first && unwrap(first);
}

const kindOf = (op: string) =>
  ['program', 'localDefine', 'if', 'for', 'while', 'return'].includes(op)
    ? 'program'
    : op === 'matrix'
      ? 'matrix'
      : op === 'solveblock'
        ? 'solveblock'
        : 'math';

function formulaOf(name: string | null, evalEl: Element, context: ReadContext): CalcElement {
  const [expr, override] = mathChildren(evalEl);
  const text = readExpression(expr!, context).text;
  const unitEl = override && override.localName === 'unitOverride' ? children(override)[0] : undefined;
  const resultUnit = unitEl && unitEl.localName !== 'placeholder' ? readUnit(unitEl, context) : undefined;
  return { type: 'formula', expression: name ? `${name} := ${text}` : text, ...(resultUnit ? { resultUnit } : {}) };
}

/** number, -number, number × unit (scale or mult), or a unit alone (1 unit). */
function readQuantity(el: Element, context: ReadContext): { value: number; unit: string } | null {
  const number = (n: Element | undefined): number | null => {
    if (!n) return null;
    n = unwrap(n);
    if (n.localName === 'real') return Number(textOf(n));
    if (n.localName === 'apply' && mathChildren(n)[0]?.localName === 'neg') {
      const v = number(mathChildren(n)[1]);
      return v === null ? null : -v;
    }
    return null;
  };
  const plain = number(el);
  if (plain !== null) return { value: plain, unit: '' };
  el = unwrap(el);
  if (el.localName === 'apply') {
    const [op, a, b] = mathChildren(el);
    if ((op?.localName === 'scale' || op?.localName === 'mult') && b && isUnitExpr(b, context)) {
      const v = number(a);
      if (v !== null) return { value: v, unit: readUnit(b, context) };
      // Prime writes 12067 N·m as (12067 N)·m.
      const inner = a && readQuantity(a, context);
      if (inner && inner.unit) return { value: inner.value, unit: `${inner.unit}*${readUnit(b, context)}` };
    }
  }
  return null;
}

function readResults(files: Unzipped): Map<string, CachedResult> {
  const out = new Map<string, CachedResult>();
  const part = files['mathcad/result.xml'];
  if (!part) return out;
  const root = partXml('mathcad/result.xml', part);
  for (const data of children(root)) {
    const result = child(data, 'result');
    const first = result && children(result)[0];
    if (!first) continue;
    if (first.localName === 'real')
      out.set(data.getAttribute('result-id') ?? '', { value: Number(textOf(first)), unit: '' });
    else if (first.localName === 'unitedValue') {
      const real = child(first, 'real');
      const monomial = child(first, 'unitMonomial');
      const unit = (monomial ? children(monomial) : [])
        .map((u) => {
          const p = Number(u.getAttribute('power-numerator') ?? 1) / Number(u.getAttribute('power-denominator') ?? 1);
          return p === 1 ? u.getAttribute('unit') : `${u.getAttribute('unit')}^${formatNumber(p)}`;
        })
        .join('*');
      if (real) out.set(data.getAttribute('result-id') ?? '', { value: Number(textOf(real)), unit });
    }
  }
  return out;
}

function readProperties(files: Unzipped): Pick<ReadDocument, 'documentName' | 'metadata' | 'appVersion'> {
  const metadata: DocumentMetadata = {};
  let documentName: string | null = null;
  const core = files['docProps/core.xml'];
  if (core) {
    for (const el of children(partXml('docProps/core.xml', core))) {
      const value = textOf(el).trim();
      if (!value) continue;
      if (el.localName === 'title') documentName = value;
      if (el.localName === 'creator') metadata.author = value;
      if (el.localName === 'subject') metadata.project = value;
      if (el.localName === 'created') metadata.date = value;
    }
  }
  const app = files['docProps/app.xml'];
  const version = app ? (/<appVersion>([^<]*)</.exec(strFromU8(app))?.[1] ?? null) : null;
  return { documentName, metadata, appVersion: version };
}
