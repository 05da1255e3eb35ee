// Mathcad 11–15 worksheets (.xmcd, or gzipped .xmcdz) → elements, best
// effort: definitions, evaluations, text and pictures map to elements;
// every other region (plots, programs, custom functions…) is listed as not
// converted. Areas (collapsible groups) are opened: Mathcad evaluates what
// they hold in place, collapsed or not. .xmcd units are unlabeled ids, so a name is a unit when
// mathjs knows the unit and the worksheet has not defined the name above.
import { gunzipSync } from 'node:zlib';
import { AppError } from '../../../../core/errors.ts';
import type { CalcElement, DocumentMetadata, TextStyle } from '../elements.ts';
import { parseFormula } from '../expression.ts';
import { isUnitName } from '../math.ts';
import { readMath, type UnmappedRegion } from '../mcdx/reader.ts';
import { child, children, parseXml, textOf } from '../mcdx/xml.ts';
import { toPng } from '../to-png.ts';
import type { PngImage } from '../mcdx/writer.ts';

export interface ConvertedWorksheet {
  documentName: string;
  metadata: DocumentMetadata;
  elements: CalcElement[];
  images: Map<number, PngImage>;
  unconverted: UnmappedRegion[];
  generator: string | null;
}

/** .xmcd coordinates are points; Prime's are 1/96 in. */
const PT_TO_DIP = 4 / 3;
const MAX_XML_BYTES = 100 * 1024 * 1024;

export async function convertXmcd(
  bytes: Uint8Array,
  fallbackName = 'Converted worksheet',
): Promise<ConvertedWorksheet> {
  const root = worksheetRoot(bytes);
  const metadataEl = child(root, 'metadata');
  const userData = metadataEl && child(metadataEl, 'userData');
  const field = (name: string) => {
    const el = userData && child(userData, name);
    return el ? textOf(el).trim() : '';
  };
  const metadata: DocumentMetadata = {};
  if (field('author')) metadata.author = field('author');
  const binary = new Map<string, string>();
  const binaryEl = child(root, 'binaryContent');
  for (const item of binaryEl ? children(binaryEl) : [])
    binary.set(item.getAttribute('item-id') ?? '', textOf(item).replace(/\s+/g, ''));

  const regionsEl = child(root, 'regions');
  const regions = flattenAreas(regionsEl ? children(regionsEl) : []).sort((a, b) => a.top - b.top || a.left - b.left);

  const out: ConvertedWorksheet = {
    documentName: field('title') || fallbackName,
    metadata,
    elements: [],
    images: new Map(),
    unconverted: [],
    generator: null,
  };
  const generator = metadataEl && child(metadataEl, 'generator');
  if (generator) out.generator = textOf(generator).trim() || null;
  const defined = new Set<string>();
  const context = { isUnit: (name: string) => !defined.has(name) && isUnitName(name) };
  const skip = (r: (typeof regions)[number], kind: string, reason: string) =>
    out.unconverted.push({
      kind,
      regionId: r.id,
      top: r.top * PT_TO_DIP,
      left: r.left * PT_TO_DIP,
      elementPosition: out.elements.length,
      reason,
    });

  for (const r of regions) {
    const body = children(r.el).find((c) => c.localName !== 'rendering');
    if (!body) continue;
    switch (body.localName) {
      case 'text': {
        const paragraphs = children(body).filter((p) => p.localName === 'p');
        const lines = (paragraphs.length ? paragraphs : [body]).map((p) => textOf(p).replace(/\s+/g, ' ').trim());
        if (!lines.some(Boolean)) continue;
        const styles = new Set(
          paragraphs.map((p) => /^Heading ([123])$/.exec(p.getAttribute('style') ?? '')?.[1] ?? 'normal'),
        );
        const style: TextStyle =
          styles.size === 1 && !styles.has('normal') ? (`heading${[...styles][0]}` as TextStyle) : 'normal';
        out.elements.push({ type: 'text', content: lines.join('\n'), ...(style !== 'normal' ? { style } : {}) });
        break;
      }
      case 'math': {
        const element = readMath(body, context);
        if ('reason' in element) {
          skip(r, element.kind, element.reason);
          break;
        }
        if (element.type === 'formula') {
          try {
            const { name } = parseFormula(element.expression, out.elements.length);
            if (name) defined.add(name);
          } catch (err) {
            skip(r, 'math', (err as Error).message.replace(/^Element \d+: /, ''));
            break;
          }
        } else if (element.type === 'variable') defined.add(element.name);
        out.elements.push(element);
        break;
      }
      case 'picture': {
        // Mathcad names the child after the stored format (png, jpeg…); the bytes decide.
        const stored = children(body).find((c) => c.hasAttribute('item-idref'));
        const data = stored && binary.get(stored.getAttribute('item-idref') ?? '');
        if (!data) {
          skip(r, 'picture', 'the picture is not in the worksheet (binaryContent)');
          break;
        }
        try {
          const image = await toPng(Buffer.from(data, 'base64'), out.elements.length);
          const w = Number(stored!.getAttribute('display-width') ?? 0) * PT_TO_DIP;
          const h = Number(stored!.getAttribute('display-height') ?? 0) * PT_TO_DIP;
          out.images.set(out.elements.length, image);
          out.elements.push({
            type: 'image',
            url: `data:image/png;base64,${Buffer.from(image.png).toString('base64')}`,
            ...(w && h ? { width: Math.round(w), height: Math.round(h) } : {}),
          });
        } catch {
          skip(r, 'picture', 'the picture cannot be decoded');
        }
        break;
      }
      default:
        skip(r, body.localName, `${body.localName} regions have no element shape`);
    }
  }
  return out;
}

interface PlacedRegion {
  el: Element;
  id: string;
  top: number;
  left: number;
}

/**
 * The worksheet's regions in reading order, with the regions held in areas
 * in their place. Mathcad stores a region inside an area at coordinates
 * relative to the area, and evaluates it where the area stands, so a
 * definition in a collapsed area is in scope below it (real worksheets hide
 * helper functions that way). The area itself has no element shape and is
 * not listed. Iterative, so nesting depth costs no stack.
 */
function flattenAreas(top: Element[]): PlacedRegion[] {
  const out: PlacedRegion[] = [];
  const pending: Array<{ el: Element; dy: number; dx: number }> = top.map((el) => ({ el, dy: 0, dx: 0 }));
  while (pending.length) {
    const { el, dy, dx } = pending.pop()!;
    if (el.localName !== 'region') continue;
    const placed = {
      el,
      id: el.getAttribute('region-id') ?? '',
      top: dy + Number(el.getAttribute('top') ?? 0),
      left: dx + Number(el.getAttribute('left') ?? 0),
    };
    const area = children(el).find((c) => c.localName === 'area');
    if (!area) {
      out.push(placed);
      continue;
    }
    for (const inner of children(area)) pending.push({ el: inner, dy: placed.top, dx: placed.left });
  }
  return out;
}

/** The worksheet element of a .xmcd (or gzipped .xmcdz), refused as UNSUPPORTED_FORMAT unless Mathcad 12–15's. */
function worksheetRoot(bytes: Uint8Array): Element {
  let xml: Buffer;
  try {
    xml =
      bytes[0] === 0x1f && bytes[1] === 0x8b
        ? gunzipSync(bytes, { maxOutputLength: MAX_XML_BYTES })
        : Buffer.from(bytes);
  } catch (err) {
    throw new AppError('UNSUPPORTED_FORMAT', `source_file: the .xmcdz does not decompress (${(err as Error).message})`);
  }
  let root: Element;
  try {
    root = parseXml(xml.toString('utf8')).documentElement as unknown as Element;
  } catch (err) {
    throw new AppError('UNSUPPORTED_FORMAT', `source_file: not well-formed XML (${(err as Error).message})`);
  }
  if (root.localName !== 'worksheet' || !/schemas\.mathsoft\.com\/worksheet(10|20|30)/.test(root.namespaceURI ?? '')) {
    throw new AppError(
      'UNSUPPORTED_FORMAT',
      `source_file: not a Mathcad 12–15 worksheet (root ${root.localName} in ${root.namespaceURI ?? 'no namespace'})`,
    );
  }
  return root;
}
