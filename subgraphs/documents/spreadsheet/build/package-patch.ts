// Adds the parts exceljs cannot write (tables for the streaming writer,
// charts and their drawings) to the package exceljs produced, with the
// relationships and content types that tie them in. The worksheets already
// point at them (sheetReferences, written by the cell writer), so no sheet is
// rewritten: untouched parts are copied as their compressed bytes, which
// keeps a 100,000-row sheet from being inflated and deflated again.
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
  const tables = ids.tables.length ? `<tableParts count="${ids.tables.length}">${ids.tables.map((id) => `<tablePart r:id="${id}"/>`).join('')}</tableParts>` : '';
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

  for (const parts of sheets) {
    if (!parts.tables.length && !parts.charts.length) continue;
    const sheetPart = entries.find((e) => e.name === parts.sheet)!.part;
    if (relationshipsOf(pkg, sheetPart).some((r) => r.id.startsWith('rIdP'))) throw new Error(`${sheetPart} already has rIdP relationships`);
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
