// Adds the parts exceljs cannot write (tables for the streaming writer,
// charts and their drawings) to the package exceljs produced, with the
// relationships and content types that tie them in. The worksheets already
// point at them (sheetReferences, written by the cell writer), so no sheet is
// rewritten: untouched parts are copied as their compressed bytes, which
// keeps a 100,000-row sheet from being inflated and deflated again. The one
// exception is a sheet holding dynamic-array formulas: exceljs cannot write the
// cell's metadata index (cm), so that sheet is rewritten to add it.
import {
  addContentTypes,
  addRelationships,
  CONTENT_TYPE,
  nextPartNumber,
  REL,
  relationshipsOf,
  relativeTarget,
  workbookPart,
  worksheets,
} from '../ooxml/package.ts';
import path from 'node:path/posix';
import { Package } from '../ooxml/package-editor.ts';
import { drawingXml, type ChartAnchor } from '../charts/drawing.ts';

export interface ChartPart {
  xml: string;
  from: ChartAnchor['from'];
  to: ChartAnchor['to'];
}

export interface SheetParts {
  sheet: string;
  tables: string[];
  charts: ChartPart[];
  /** Cells (`B7`) holding a dynamic-array formula, written by exceljs as `<f t="array" ref="B7">`. */
  dynamicArrays: string[];
}

/**
 * The cell metadata that makes Excel spill a formula: one XLDAPR (dynamic
 * array properties) entry with fDynamic="1"; a cell points at it with cm="1".
 * Without it Excel 365 reads the array formula as a legacy CSE formula
 * confined to its one cell. Schema: [MS-XLSX] 2.6.2 (dynamicArrayProperties).
 */
const DYNAMIC_ARRAY_METADATA =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">' +
  '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>' +
  '<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"><xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>' +
  '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>' +
  '</metadata>';

/** Marks the listed cells of a sheet's XML as dynamic-array formulas (cm="1", the first cellMetadata block). */
function markDynamicArrays(sheetXml: string, cells: readonly string[]): string {
  const wanted = new Set(cells);
  return sheetXml.replace(/<c r="([A-Z]+\d+)"(?=[\s/>])/g, (tag, ref: string) =>
    wanted.has(ref) ? `${tag} cm="1"` : tag,
  );
}

/** Adds the metadata part, its workbook relationship and content type, and the cm mark on each sheet's cells. */
function addDynamicArrays(
  pkg: Package,
  workbook: string,
  marks: readonly { part: string; cells: string[] }[],
): { part: string; contentType: string }[] {
  if (!marks.length) return [];
  for (const { part, cells } of marks) pkg.write(part, markDynamicArrays(pkg.read(part)!, cells));
  const metadata = `${path.dirname(workbook)}/metadata.xml`;
  if (pkg.read(metadata) !== null) throw new Error(`${metadata} already exists`);
  pkg.write(metadata, DYNAMIC_ARRAY_METADATA);
  addRelationships(pkg, workbook, [
    { id: 'rIdMeta1', type: REL.sheetMetadata, target: relativeTarget(workbook, metadata) },
  ]);
  return [{ part: metadata, contentType: CONTENT_TYPE.sheetMetadata }];
}

/** Relationship ids of a sheet's drawing and tables, in the order addSheetParts gives them. */
function partIds(parts: Pick<SheetParts, 'tables' | 'charts'>): { drawing: string | null; tables: string[] } {
  let n = 0;
  const drawing = parts.charts.length ? `rIdP${++n}` : null;
  return { drawing, tables: parts.tables.map(() => `rIdP${++n}`) };
}

/** The elements a worksheet needs to show its drawing and tables (placed just before </worksheet>). */
export function sheetReferences(parts: Pick<SheetParts, 'tables' | 'charts'>): string {
  const ids = partIds(parts);
  const drawing = ids.drawing ? `<drawing r:id="${ids.drawing}"/>` : '';
  const tables = ids.tables.length
    ? `<tableParts count="${ids.tables.length}">${ids.tables.map((id) => `<tablePart r:id="${id}"/>`).join('')}</tableParts>`
    : '';
  return drawing + tables;
}

export function addSheetParts(xlsx: Buffer, sheets: readonly SheetParts[]): Buffer {
  const pkg = new Package(xlsx);
  const workbook = workbookPart(pkg)!;
  const entries = worksheets(pkg, workbook, pkg.read(workbook)!);
  const tableNo = nextPartNumber(pkg, 'xl/tables', 'table');
  const chartNo = nextPartNumber(pkg, 'xl/charts', 'chart');
  const drawingNo = nextPartNumber(pkg, 'xl/drawings', 'drawing');
  const overrides: { part: string; contentType: string }[] = [];
  const marks = sheets
    .filter((s) => s.dynamicArrays.length)
    .map((s) => ({ part: entries.find((e) => e.name === s.sheet)!.part, cells: s.dynamicArrays }));
  overrides.push(...addDynamicArrays(pkg, workbook, marks));

  for (const parts of sheets) {
    if (!parts.tables.length && !parts.charts.length) continue;
    const sheetPart = entries.find((e) => e.name === parts.sheet)!.part;
    if (relationshipsOf(pkg, sheetPart).some((r) => r.id.startsWith('rIdP')))
      throw new Error(`${sheetPart} already has rIdP relationships`);
    const ids = partIds(parts);
    const sheetRels: { id: string; type: string; target: string }[] = [];

    if (parts.charts.length) {
      const drawing = `xl/drawings/drawing${drawingNo()}.xml`;
      const drawingRels: { id: string; type: string; target: string }[] = [];
      const anchors: ChartAnchor[] = parts.charts.map((c, i) => {
        const part = `xl/charts/chart${chartNo()}.xml`;
        pkg.write(part, c.xml);
        overrides.push({ part, contentType: CONTENT_TYPE.chart });
        drawingRels.push({ id: `rId${i + 1}`, type: REL.chart, target: relativeTarget(drawing, part) });
        return { from: c.from, to: c.to, relationshipId: `rId${i + 1}`, name: `Chart ${i + 1}` };
      });
      pkg.write(drawing, drawingXml(anchors));
      overrides.push({ part: drawing, contentType: CONTENT_TYPE.drawing });
      addRelationships(pkg, drawing, drawingRels);
      sheetRels.push({ id: ids.drawing!, type: REL.drawing, target: relativeTarget(sheetPart, drawing) });
    }

    if (parts.tables.length) {
      parts.tables.forEach((xml, i) => {
        const part = `xl/tables/table${tableNo()}.xml`;
        pkg.write(part, xml);
        overrides.push({ part, contentType: CONTENT_TYPE.table });
        sheetRels.push({ id: ids.tables[i]!, type: REL.table, target: relativeTarget(sheetPart, part) });
      });
    }

    addRelationships(pkg, sheetPart, sheetRels);
  }
  addContentTypes(pkg, overrides);
  return pkg.toBuffer();
}
