// Finding and patching the parts of an OOXML package without rewriting what
// the service does not own: parts are found through the relationships, as
// the format requires, not by guessing their file names.
import path from 'node:path/posix';
import { attributes, escapeXml, startTags } from './xml.ts';
import type { Package } from './package-editor.ts';

export const REL = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  worksheet: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  drawing: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing',
  chart: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
  table: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/table',
  calcChain: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain',
  sheetMetadata: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata',
} as const;

export const CONTENT_TYPE = {
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  table: 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml',
  sheetMetadata: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml',
} as const;

export interface Relationship {
  id: string;
  type: string;
  target: string;
}

export const relsPathOf = (part: string): string =>
  path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

/** A relationship target as a part name inside the zip (no leading slash). */
export const resolveTarget = (fromPart: string, target: string): string =>
  target.startsWith('/') ? target.slice(1) : path.normalize(path.join(path.dirname(fromPart), target));

/** `../charts/chart1.xml` from `xl/drawings/drawing1.xml` to `xl/charts/chart1.xml`. */
export const relativeTarget = (fromPart: string, toPart: string): string =>
  path.relative(path.dirname(fromPart), toPart);

export function parseRelationships(xml: string): Relationship[] {
  return startTags(xml, 'Relationship').map((tag) => {
    const a = attributes(tag);
    return { id: a.Id ?? '', type: a.Type ?? '', target: a.Target ?? '' };
  });
}

export function relationshipsOf(pkg: Package, part: string): Relationship[] {
  const xml = pkg.read(relsPathOf(part));
  return xml ? parseRelationships(xml) : [];
}

const EMPTY_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/** Appends relationships to a part's .rels (creating it when the part had none). */
export function addRelationships(pkg: Package, part: string, rels: readonly Relationship[]): void {
  if (!rels.length) return;
  const relsPath = relsPathOf(part);
  const xml = pkg.read(relsPath) ?? EMPTY_RELS;
  const added = rels
    .map((r) => `<Relationship Id="${escapeXml(r.id)}" Type="${r.type}" Target="${escapeXml(r.target)}"/>`)
    .join('');
  pkg.write(relsPath, xml.replace('</Relationships>', `${added}</Relationships>`));
}

export function addContentTypes(pkg: Package, overrides: readonly { part: string; contentType: string }[]): void {
  if (!overrides.length) return;
  const xml = pkg.read('[Content_Types].xml')!;
  const added = overrides
    .map((o) => `<Override PartName="/${escapeXml(o.part)}" ContentType="${o.contentType}"/>`)
    .join('');
  pkg.write('[Content_Types].xml', xml.replace('</Types>', `${added}</Types>`));
}

/** The main workbook part (normally xl/workbook.xml). */
export function workbookPart(pkg: Package): string | null {
  const main = relationshipsOf(pkg, '').find((r) => r.type === REL.officeDocument);
  return main ? resolveTarget('', main.target) : null;
}

export interface SheetEntry {
  name: string;
  /** 0-based position in <sheets>, which is what a defined name's localSheetId counts. */
  index: number;
  /** The worksheet part; empty for chart sheets and other non-worksheets. */
  part: string;
}

/** Every sheet of the workbook, in order, with its part name. */
export function worksheets(pkg: Package, workbook: string, workbookXml: string): SheetEntry[] {
  const byId = new Map(relationshipsOf(pkg, workbook).map((r) => [r.id, r]));
  return startTags(workbookXml, 'sheet').map((tag, index) => {
    const a = attributes(tag);
    const rel = byId.get(a['r:id'] ?? '');
    return { name: a.name ?? '', index, part: rel?.type === REL.worksheet ? resolveTarget(workbook, rel.target) : '' };
  });
}

/** A numbering for new parts of a kind (chart1.xml, chart2.xml…) after those already in the package. */
export function nextPartNumber(pkg: Package, folder: string, stem: string): () => number {
  const re = new RegExp(`^${folder}/${stem}(\\d+)\\.xml$`);
  let n = 0;
  for (const p of pkg.parts()) {
    const m = re.exec(p);
    if (m) n = Math.max(n, Number(m[1]));
  }
  return () => ++n;
}
