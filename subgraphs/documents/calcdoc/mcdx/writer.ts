// Elements (evaluated) → a Mathcad Prime .mcdx: an OPC zip with the 11 parts
// Prime writes (worksheet50 / math50 / units10 / result10 namespaces), text in
// nested FlowDocument packages, images as PNG parts, Input/Output tags in
// integration.xml and the results cached in result.xml. Pure: bytes in, bytes out.
import { readFileSync } from 'node:fs';
import { writeZip } from './zip.ts';
import type { Calculation } from '../calculate.ts';
import type { CalcElement, DocumentMetadata, DocumentOptions, TextStyle } from '../elements.ts';
import { planLayout } from '../layout.ts';
import { math, normalizeUnit } from '../math.ts';
import { markdownToXaml, xamlPackage, HEADING_SIZES } from './flow-document.ts';
import { expressionXml, idXml, quantityXml, unitXml } from './math50.ts';
import { escapeXml, relationshipId, XML_DECLARATION } from './xml.ts';

export interface PngImage {
  png: Uint8Array;
  width: number;
  height: number;
}

export interface WriteInput {
  documentName: string;
  elements: readonly CalcElement[];
  metadata: DocumentMetadata;
  options: DocumentOptions;
  calc: Calculation;
  /** PNG bytes and natural size of each image element, by element index. */
  images: ReadonlyMap<number, PngImage>;
  /** Stamped into docProps/core.xml. */
  now: Date;
}

const NS = {
  worksheet: 'http://schemas.mathsoft.com/worksheet50',
  math: 'http://schemas.mathsoft.com/math50',
  units: 'http://schemas.mathsoft.com/units10',
  result: 'http://schemas.mathsoft.com/result10',
  integration: 'http://schemas.ptc.com/integration10',
  rels: 'http://schemas.openxmlformats.org/package/2006/relationships',
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  flowDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/flowDocument',
  image: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image',
};
const MAIN = 'application/vnd.openxmlformats-officedocument.mathprocessingml.mathcad';
const ROOT_NS = `xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ve="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:ws="${NS.worksheet}" xmlns:ml="${NS.math}" xmlns:u="${NS.units}" xmlns:p="http://schemas.mathsoft.com/provenance10" xmlns="${NS.worksheet}"`;

const template = (name: string) => readFileSync(new URL(`./template/${name}`, import.meta.url), 'utf8');
const PRESENTATION = template('presentation.xml');
const CALCULATION = template('calculation.xml');

/** Worksheet geometry in WPF device-independent pixels (1/96 in); 37.795 = 1 cm. */
export const DIP_PER_CM = 37.795275590551178;
const LEFT = DIP_PER_CM;
const GAP = 0.3 * DIP_PER_CM;
const PAGE = { portrait: { width: 680, height: 980 }, landscape: { width: 1000, height: 660 } };
const INLINE_FLOW = (align = 'Left') =>
  `<FlowDocument FontFamily="Tahoma" FontStyle="Normal" FontWeight="Normal" FontSize="14.6666666666667" Foreground="#FF000000" Background="#00FFFFFF" TextAlignment="${align}" Typography.Variants="Normal" xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation" />`;

interface Part {
  path: string;
  data: Uint8Array;
}

class PackageBuilder {
  readonly parts: Part[] = [];
  readonly rels = new Map<string, string[]>();
  private regionId = 0;
  nextRegionId(): number {
    return this.regionId++;
  }
  add(path: string, data: Uint8Array | string): void {
    this.parts.push({ path, data: typeof data === 'string' ? Buffer.from(data, 'utf8') : data });
  }
  /** A relationship of `owner` (worksheet.xml, header.xml…) to a part; returns its id. */
  relate(owner: string, type: string, target: string): string {
    const id = relationshipId(`${owner}→${target}`);
    const list = this.rels.get(owner) ?? [];
    list.push(`<Relationship Type="${type}" Target="${target}" Id="${id}" />`);
    this.rels.set(owner, list);
    return id;
  }
}

const relsXml = (list: string[]) =>
  `${XML_DECLARATION}<Relationships xmlns="${NS.rels}">${list.join('')}</Relationships>`;
const num = (v: number) => String(Math.round(v * 1e6) / 1e6);
const region = (
  id: number,
  top: number,
  left: number,
  width: number,
  height: number,
  body: string,
  explicitWidth = false,
) =>
  `<region region-id="${id}"${explicitWidth ? ` width="${num(width)}"` : ''} actualWidth="${num(width)}" actualHeight="${num(height)}" top="${num(top)}" left="${num(left)}">${body}</region>`;

function textRegion(
  b: PackageBuilder,
  owner: string,
  top: number,
  left: number,
  width: number,
  content: string,
  style: TextStyle,
  caption = false,
) {
  const id = b.nextRegionId();
  const path = `/mathcad/xaml/FlowDocument${id}.XamlPackage`;
  b.add(path.slice(1), xamlPackage(markdownToXaml(content, style, { caption }), `${owner}${id}`));
  const rel = b.relate(owner, NS.flowDocument, path);
  const lines = Math.max(
    1,
    content.split('\n').reduce((sum, l) => sum + Math.max(1, Math.ceil(l.length / (width / 8))), 0),
  );
  const size = style && style !== 'normal' ? HEADING_SIZES[style] : 14.67;
  const height = lines * size * 1.35;
  return {
    id,
    height,
    xml: region(
      id,
      top,
      left,
      width,
      height,
      `<text item-idref="${rel}">${INLINE_FLOW(caption ? 'Center' : 'Left')}</text>`,
      true,
    ),
  };
}

/** Rough height of a typeset expression: fractions and powers make it taller. */
const mathHeight = (xml: string) =>
  xml.includes('<ml:div') ? 40 : xml.includes('<ml:pow') || xml.includes('nthRoot') ? 30 : 25.6;

function resultXml(resultId: number, calc: Calculation, index: number, overrideUnit: string | undefined): string {
  const c = calc.byIndex.get(index);
  const open = `<resultData result-id="${resultId}" calculation-status="Synchronized"`;
  if (!c || c.kind !== 'formula' || !c.quantity) return `${open} />`;
  const { value, unit } = c.quantity;
  if (overrideUnit || !unit) return `${open}><ml:result><ml:real>${value}</ml:real></ml:result></resultData>`;
  // A placeholder override caches the value in SI base units, as Prime does.
  const si = math.unit(value, normalizeUnit(unit));
  const base = si.value as number;
  const names = ['kilogram', 'meter', 'second', 'ampere', 'kelvin', 'candela', 'mole'];
  const monomial = si.dimensions
    .slice(0, names.length)
    .map((p, i) => (p ? `<u:unitReference unit="${names[i]}" power-numerator="${p}" power-denominator="1" />` : ''))
    .join('');
  return `${open}><ml:result><ml:unitedValue><ml:real>${base}</ml:real><u:unitMonomial>${monomial}</u:unitMonomial></ml:unitedValue></ml:result></resultData>`;
}

/** The worksheet's parts around its regions: header and footer, results, inputs and outputs, settings, properties, relationships. */
function addPackageParts(
  b: PackageBuilder,
  input: WriteInput,
  pageWidth: number,
  parts: { regions: string[]; results: string[]; io: string[] },
): void {
  const { regions, results, io } = parts;
  const { options } = input;
  // Header: document name and metadata; footer: Prime's page-number field.
  const headerLine = [input.documentName, input.metadata.project, input.metadata.author, input.metadata.date]
    .filter(Boolean)
    .join(' · ');
  const header = textRegion(b, 'header.xml', DIP_PER_CM / 2, 0, pageWidth, headerLine, 'normal');
  const pageNumberId = b.nextRegionId();
  const footer = region(
    pageNumberId,
    DIP_PER_CM / 2,
    pageWidth - 120,
    120,
    17.6,
    `<fieldText><text><FlowDocument FontFamily="Tahoma" FontStyle="Normal" FontWeight="Normal" FontSize="14.6666666666667" Foreground="#FF000000" Background="#00FFFFFF" TextAlignment="Left" Typography.Variants="Normal" xmlns="http://schemas.microsoft.com/winfx/2006/xaml/presentation"><Paragraph>Page 1 of 1</Paragraph></FlowDocument></text><pageNumber template="Page_@PageNo_of_@PagesTotal" /></fieldText>`,
  );

  b.add('mathcad/worksheet.xml', `<worksheet ${ROOT_NS}><regions>${regions.join('')}</regions></worksheet>`);
  b.add('mathcad/header.xml', `<header ${ROOT_NS}><regions>${header.xml}</regions></header>`);
  b.add('mathcad/footer.xml', `<footer ${ROOT_NS}><regions>${footer}</regions></footer>`);
  b.add(
    'mathcad/result.xml',
    `${XML_DECLARATION}<resultsList xmlns:ml="${NS.math}" xmlns:u="${NS.units}" xmlns="${NS.result}">${results.join('')}</resultsList>`,
  );
  b.add('mathcad/integration.xml', `${XML_DECLARATION}<regions xmlns="${NS.integration}">${io.join('')}</regions>`);
  b.add(
    'mathcad/settings/presentation.xml',
    PRESENTATION.replace(
      /orientation="Portrait"/,
      `orientation="${options.pageOrientation === 'landscape' ? 'Landscape' : 'Portrait'}"`,
    ),
  );
  b.add('mathcad/settings/calculation.xml', CALCULATION);
  b.add('docProps/app.xml', APP_XML);
  b.add('docProps/core.xml', coreXml(input));
  for (const [owner, list] of b.rels) b.add(`mathcad/_rels/${owner}.rels`, relsXml(list));
  const hasPng = b.parts.some((p) => p.path.endsWith('.png'));
  b.add('[Content_Types].xml', contentTypes(hasPng));
  b.add(
    '_rels/.rels',
    relsXml([
      `<Relationship Type="${NS.officeDocument}" Target="/mathcad/worksheet.xml" Id="${relationshipId('worksheet')}" />`,
      `<Relationship Type="${NS.officeDocument}" Target="/mathcad/header.xml" Id="${relationshipId('header')}" />`,
      `<Relationship Type="${NS.officeDocument}" Target="/mathcad/footer.xml" Id="${relationshipId('footer')}" />`,
      `<Relationship Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="/docProps/core.xml" Id="${relationshipId('core')}" />`,
    ]),
  );
  // [Content_Types].xml first, as OPC writers do; nested packages and PNGs stored, as Prime does.
}

/** An image element: the PNG stored in the package and its picture region, with its caption below; its height. */
function imageRegions(
  b: PackageBuilder,
  input: WriteInput,
  index: number,
  e: Extract<WriteInput['elements'][number], { type: 'image' }>,
  at: { top: number; left: number; pageWidth: number },
  regions: string[],
): number {
  const image = input.images.get(index);
  if (!image) throw new Error(`image ${index} was not fetched`);
  const id = b.nextRegionId();
  const path = `/mathcad/media/Image${id}.png`;
  b.add(path.slice(1), image.png);
  const rel = b.relate('worksheet.xml', NS.image, path);
  const [w, h] = displaySize(e, image, at.pageWidth);
  regions.push(
    region(
      id,
      at.top,
      at.left,
      w,
      h,
      `<picture><png item-idref="${rel}" display-width="${num(w)}" display-height="${num(h)}" /></picture>`,
      true,
    ),
  );
  let total = h;
  if (e.caption) {
    const t = textRegion(b, 'worksheet.xml', at.top + h + 4, at.left, w, `*${e.caption}*`, 'normal', true);
    regions.push(t.xml);
    total += 4 + t.height;
  }
  return total;
}

export function writeMcdx(input: WriteInput): Uint8Array {
  const { elements, calc, options } = input;
  const b = new PackageBuilder();
  const page = PAGE[options.pageOrientation];
  const regions: string[] = [];
  const results: string[] = [];
  const io: string[] = [];
  let resultRef = 0;
  let top = DIP_PER_CM;
  const pageStart = (y: number) => Math.floor((y - DIP_PER_CM) / page.height) * page.height + DIP_PER_CM;

  const rows = planLayout(elements, options.aiFormatting);
  const rowHeight = (indices: number[]) =>
    Math.max(...indices.map((i) => estimateHeight(elements[i]!, input.images.get(i))));

  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    // Keep-together blocks start on a new page rather than straddle a break.
    if (r === 0 || !rows[r - 1]!.keepWithNext) {
      let blockHeight = 0;
      for (let k = r; k < rows.length; k++) {
        blockHeight += rowHeight(rows[k]!.indices) + GAP;
        if (!rows[k]!.keepWithNext) break;
      }
      const used = top - pageStart(top);
      if (used > 0 && used + blockHeight > page.height && blockHeight <= page.height)
        top = pageStart(top) + page.height;
    }
    const columnWidth = page.width / row.indices.length;
    let height = 0;
    row.indices.forEach((index, column) => {
      const left = LEFT + column * columnWidth;
      const e = elements[index]!;
      const descriptionLeft = left + (row.indices.length > 1 ? 0.45 : 0.4) * columnWidth;
      /** A variable's or formula's description: a text region on its line, right of the math; its height. */
      const describe = (description: string | undefined): number => {
        if (!description) return 0;
        const t = textRegion(
          b,
          'worksheet.xml',
          top,
          descriptionLeft,
          left + columnWidth - descriptionLeft - 10,
          description,
          'normal',
        );
        regions.push(t.xml);
        return t.height;
      };
      switch (e.type) {
        case 'text': {
          const t = textRegion(b, 'worksheet.xml', top, left, page.width, e.content, e.style ?? 'normal');
          regions.push(t.xml);
          height = Math.max(height, t.height);
          break;
        }
        case 'variable': {
          const id = b.nextRegionId();
          const body = `<ml:define>${idXml(e.name, 'VARIABLE')}${quantityXml(e.value, e.unit)}</ml:define>`;
          const h = mathHeight(body);
          regions.push(
            region(id, top, left, descriptionLeft - left - 10, h, `<math resultRef="${resultRef}">${body}</math>`),
          );
          results.push(`<resultData result-id="${resultRef++}" calculation-status="Synchronized" />`);
          io.push(
            `<region region-id="${id}" ioTagType="Input"><inputAliases><alias>${escapeXml(e.name)}</alias></inputAliases></region>`,
          );
          height = Math.max(height, h, describe(e.description));
          break;
        }
        case 'formula': {
          const c = calc.byIndex.get(index);
          if (!c || c.kind !== 'formula') throw new Error(`formula ${index} was not calculated`);
          // Prime shows the result in the unit our results and PDF show: the one asked for, else the one the inputs suggest.
          const shown = e.resultUnit?.trim() || (c.unitSource === 'inputs' ? c.quantity?.unit : '') || undefined;
          const override = shown ? unitXml(shown) : '<ml:placeholder />';
          const evaluation = `<ml:eval>${expressionXml(c.expr, c.roles)}<ml:unitOverride>${override}</ml:unitOverride></ml:eval>`;
          const body = c.name ? `<ml:define>${idXml(c.name, 'VARIABLE')}${evaluation}</ml:define>` : evaluation;
          const id = b.nextRegionId();
          const h = mathHeight(body);
          regions.push(
            region(id, top, left, descriptionLeft - left - 10, h, `<math resultRef="${resultRef}">${body}</math>`),
          );
          results.push(resultXml(resultRef++, calc, index, shown));
          if (c.name)
            io.push(
              `<region region-id="${id}" ioTagType="Output"><outputAliases><alias>${escapeXml(c.name)}</alias></outputAliases></region>`,
            );
          height = Math.max(height, h, describe(e.description));
          break;
        }
        case 'image':
          height = Math.max(height, imageRegions(b, input, index, e, { top, left, pageWidth: page.width }, regions));
          break;
      }
    });
    top += height + GAP;
  }

  addPackageParts(b, input, page.width, { regions, results, io });
  const ordered = [...b.parts].sort(
    (x, y) => Number(y.path === '[Content_Types].xml') - Number(x.path === '[Content_Types].xml'),
  );
  return writeZip(
    ordered.map((part) => ({ name: part.path, data: part.data, deflate: !/\.(png|XamlPackage)$/.test(part.path) })),
  );
}

function estimateHeight(e: CalcElement, image: PngImage | undefined): number {
  switch (e.type) {
    case 'text':
      return (
        (e.content.split('\n').length || 1) * (e.style && e.style !== 'normal' ? HEADING_SIZES[e.style] : 14.67) * 1.35
      );
    case 'variable':
    case 'formula':
      return 40;
    case 'image':
      return (image ? displaySize(e, image, PAGE.portrait.width)[1] : 100) + (e.caption ? 24 : 0);
  }
}

/** Requested size, else natural size scaled down to the column width, keeping the aspect ratio. */
export function displaySize(
  e: { width?: number; height?: number },
  image: { width: number; height: number },
  maxWidth: number,
): [number, number] {
  let w = e.width ?? (e.height ? (image.width * e.height) / image.height : image.width);
  let h = e.height ?? (e.width ? (image.height * e.width) / image.width : image.height);
  if (e.width === undefined && e.height === undefined && w > maxWidth) {
    h = (h * maxWidth) / w;
    w = maxWidth;
  }
  return [w, h];
}

function contentTypes(hasPng: boolean): string {
  return `${XML_DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="${MAIN}.main+xml" /><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml" /><Default Extension="XamlPackage" ContentType="application/zip" />${hasPng ? '<Default Extension="png" ContentType="image/png" />' : ''}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml" /><Override PartName="/docProps/app.xml" ContentType="application/mathcad.extended-properties+xml" /><Override PartName="/mathcad/settings/presentation.xml" ContentType="${MAIN}.settings.presentation+xml" /><Override PartName="/mathcad/settings/calculation.xml" ContentType="${MAIN}.settings.calculation+xml" /><Override PartName="/mathcad/result.xml" ContentType="${MAIN}.result+xml" /><Override PartName="/mathcad/integration.xml" ContentType="${MAIN}.integration+xml" /></Types>`;
}

/** Declares the schema versions of Prime 10, whose settings parts the template carries. */
const APP_XML = `${XML_DECLARATION}<properties xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.mathsoft.com/extended-properties"><appVersion>10.0.0.0</appVersion><serializationVersion architecture="x64" Culture="en-US" UiCulture="en-US">10.0.0.0</serializationVersion><engineVersion>10.0.0.17</engineVersion><build>2024.03.25.002</build><schemaPropertiesList><schemaProperties name="App" version="1.3.4" /><schemaProperties name="Calculation" version="1.4.2" /><schemaProperties name="Integration" version="1.3.1" /><schemaProperties name="Math" version="5.10.6" /><schemaProperties name="Presentation" version="1.7.1" /><schemaProperties name="Provenance" version="1.3.1" /><schemaProperties name="Result" version="1.8.1" /><schemaProperties name="SimpleTypes" version="1.3.1" /><schemaProperties name="Units" version="12.3.1" /><schemaProperties name="Worksheet" version="5.10.4" /></schemaPropertiesList></properties>`;

function coreXml(input: WriteInput): string {
  const m = input.metadata;
  const date = m.date ? `<dcterms:created xsi:type="dcterms:W3CDTF">${escapeXml(m.date)}</dcterms:created>` : '';
  return `${XML_DECLARATION}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${escapeXml(input.documentName)}</dc:title>${m.author ? `<dc:creator>${escapeXml(m.author)}</dc:creator><cp:lastModifiedBy>${escapeXml(m.author)}</cp:lastModifiedBy>` : ''}${m.project ? `<dc:subject>${escapeXml(m.project)}</dc:subject>` : ''}${date}<dcterms:modified xsi:type="dcterms:W3CDTF">${input.now.toISOString()}</dcterms:modified><cp:revision>1</cp:revision></cp:coreProperties>`;
}
