// Reading and patching the parts of an OOXML package (a zip) without
// rewriting what the service does not own: parts are found through the
// relationships, as the format requires, not by guessing their file names.
import path from 'node:path/posix';
import type JSZip from 'jszip';
import { attributes, escapeXml } from './xml.ts';

export const REL = {
  officeDocument: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument',
  worksheet: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet',
  drawing: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing',
  chart: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart',
  table: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/table',
  calcChain: 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/calcChain',
} as const;

export const CONTENT_TYPE = {
  chart: 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml',
  drawing: 'application/vnd.openxmlformats-officedocument.drawing+xml',
  table: 'application/vnd.openxmlformats-officedocument.spreadsheetml.table+xml',
} as const;

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

export const relsPathOf = (part: string): string => path.join(path.dirname(part), '_rels', `${path.basename(part)}.rels`);

/** A relationship target as a part name inside the zip (no leading slash). */
export const resolveTarget = (fromPart: string, target: string): string =>
  target.startsWith('/') ? target.slice(1) : path.normalize(path.join(path.dirname(fromPart), target));

/** `../charts/chart1.xml` from `xl/drawings/drawing1.xml` to `xl/charts/chart1.xml`. */
export const relativeTarget = (fromPart: string, toPart: string): string => path.relative(path.dirname(fromPart), toPart);

export function parseRelationships(xml: string): Relationship[] {
  return [...xml.matchAll(/<Relationship\b[^>]*>/g)].map((m) => {
    const a = attributes(m[0]);
    return { id: a.Id ?? '', type: a.Type ?? '', target: a.Target ?? '', external: a.TargetMode === 'External' };
  });
}

export async function readPart(zip: JSZip, part: string): Promise<string | null> {
  const file = zip.file(part);
  return file ? file.async('string') : null;
}

export async function relationshipsOf(zip: JSZip, part: string): Promise<Relationship[]> {
  const xml = await readPart(zip, relsPathOf(part));
  return xml ? parseRelationships(xml) : [];
}

const EMPTY_RELS = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"></Relationships>';

/** Appends relationships to a part's .rels (creating it when the part had none). */
export async function addRelationships(zip: JSZip, part: string, rels: Omit<Relationship, 'external'>[]): Promise<void> {
  if (!rels.length) return;
  const relsPath = relsPathOf(part);
  const xml = (await readPart(zip, relsPath)) ?? EMPTY_RELS;
  const added = rels.map((r) => `<Relationship Id="${escapeXml(r.id)}" Type="${r.type}" Target="${escapeXml(r.target)}"/>`).join('');
  zip.file(relsPath, xml.replace('</Relationships>', `${added}</Relationships>`));
}

/** A relationship id not used yet in the part's .rels. */
export function freeRelationshipId(existing: readonly Relationship[], prefix: string): () => string {
  const used = new Set(existing.map((r) => r.id));
  let n = 1;
  return () => {
    while (used.has(`${prefix}${n}`)) n++;
    used.add(`${prefix}${n}`);
    return `${prefix}${n}`;
  };
}

export async function addContentTypes(zip: JSZip, overrides: { part: string; contentType: string }[]): Promise<void> {
  if (!overrides.length) return;
  const xml = (await readPart(zip, '[Content_Types].xml'))!;
  const added = overrides.map((o) => `<Override PartName="/${escapeXml(o.part)}" ContentType="${o.contentType}"/>`).join('');
  zip.file('[Content_Types].xml', xml.replace('</Types>', `${added}</Types>`));
}

/** The main workbook part (normally xl/workbook.xml). */
export async function workbookPart(zip: JSZip): Promise<string | null> {
  const root = await relationshipsOf(zip, '');
  const main = root.find((r) => r.type === REL.officeDocument);
  return main ? resolveTarget('', main.target) : null;
}

export interface SheetEntry {
  name: string;
  /** 0-based position in <sheets>, which is what a defined name's localSheetId counts. */
  index: number;
  part: string;
}

/** Every worksheet of the workbook, in order, with its part name. */
export async function worksheets(zip: JSZip, workbook: string, workbookXml: string): Promise<SheetEntry[]> {
  const rels = await relationshipsOf(zip, workbook);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sheets: SheetEntry[] = [];
  for (const [index, m] of [...workbookXml.matchAll(/<(?:\w+:)?sheet\b[^>]*>/g)].entries()) {
    const a = attributes(m[0]);
    const rel = byId.get(a['r:id'] ?? '');
    if (rel?.type === REL.worksheet) sheets.push({ name: a.name ?? '', index, part: resolveTarget(workbook, rel.target) });
    else sheets.push({ name: a.name ?? '', index, part: '' });
  }
  return sheets;
}

/** Part names of a kind already in the package (chart1.xml, chart2.xml…), to number new ones after them. */
export function nextPartNumber(zip: JSZip, folder: string, stem: string): () => number {
  const re = new RegExp(`^${folder}/${stem}(\\d+)\\.xml$`);
  let n = 0;
  zip.forEach((p) => {
    const m = re.exec(p);
    if (m) n = Math.max(n, Number(m[1]));
  });
  return () => ++n;
}
