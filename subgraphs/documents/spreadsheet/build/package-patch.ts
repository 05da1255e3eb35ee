// Adds the parts exceljs cannot write (tables for the streaming writer,
// charts and their drawings) to the package exceljs produced. Parts the
// service does not touch are copied as they are (JSZip reuses their
// compressed bytes); a sheet's XML is streamed through so a 100,000-row
// sheet is never held in memory as one string.
import { Transform, type TransformCallback } from 'node:stream';
import JSZip from 'jszip';
import {
  addContentTypes,
  addRelationships,
  CONTENT_TYPE,
  freeRelationshipId,
  nextPartNumber,
  readPart,
  REL,
  relationshipsOf,
  relativeTarget,
  workbookPart,
  worksheets,
} from '../ooxml/package.ts';
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

/** Inserts XML just before the closing </worksheet>, holding back only the stream's last bytes. */
class BeforeWorksheetEnd extends Transform {
  readonly insert: Buffer;
  tail = Buffer.alloc(0);
  constructor(insert: string) {
    super();
    this.insert = Buffer.from(insert);
  }
  override _transform(chunk: Buffer, _: BufferEncoding, done: TransformCallback): void {
    const all = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    const keep = Math.min(all.length, 64);
    if (all.length > keep) this.push(all.subarray(0, all.length - keep));
    this.tail = Buffer.from(all.subarray(all.length - keep));
    done();
  }
  override _flush(done: TransformCallback): void {
    const at = this.tail.lastIndexOf('</worksheet>');
    if (at < 0) return done(new Error('worksheet part has no closing </worksheet>'));
    this.push(Buffer.concat([this.tail.subarray(0, at), this.insert, this.tail.subarray(at)]));
    done();
  }
}

export async function addSheetParts(xlsx: Uint8Array, sheets: readonly SheetParts[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const workbook = (await workbookPart(zip))!;
  const entries = await worksheets(zip, workbook, (await readPart(zip, workbook))!);
  const tableNo = nextPartNumber(zip, 'xl/tables', 'table');
  const chartNo = nextPartNumber(zip, 'xl/charts', 'chart');
  const drawingNo = nextPartNumber(zip, 'xl/drawings', 'drawing');
  const overrides: { part: string; contentType: string }[] = [];

  for (const parts of sheets) {
    if (!parts.tables.length && !parts.charts.length) continue;
    const sheetPart = entries.find((e) => e.name === parts.sheet)!.part;
    const relId = freeRelationshipId(await relationshipsOf(zip, sheetPart), 'rIdP');
    const sheetRels: { id: string; type: string; target: string }[] = [];
    let insert = '';

    if (parts.charts.length) {
      const drawing = `xl/drawings/drawing${drawingNo()}.xml`;
      const drawingRels: { id: string; type: string; target: string }[] = [];
      const anchors: ChartAnchor[] = parts.charts.map((c, i) => {
        const part = `xl/charts/chart${chartNo()}.xml`;
        zip.file(part, c.xml);
        overrides.push({ part, contentType: CONTENT_TYPE.chart });
        drawingRels.push({ id: `rId${i + 1}`, type: REL.chart, target: relativeTarget(drawing, part) });
        return { from: c.from, to: c.to, relationshipId: `rId${i + 1}`, name: `Chart ${i + 1}` };
      });
      zip.file(drawing, drawingXml(anchors));
      overrides.push({ part: drawing, contentType: CONTENT_TYPE.drawing });
      await addRelationships(zip, drawing, drawingRels);
      const id = relId();
      sheetRels.push({ id, type: REL.drawing, target: relativeTarget(sheetPart, drawing) });
      insert += `<drawing r:id="${id}"/>`;
    }

    if (parts.tables.length) {
      const ids = parts.tables.map((xml) => {
        const part = `xl/tables/table${tableNo()}.xml`;
        zip.file(part, xml);
        overrides.push({ part, contentType: CONTENT_TYPE.table });
        const id = relId();
        sheetRels.push({ id, type: REL.table, target: relativeTarget(sheetPart, part) });
        return id;
      });
      insert += `<tableParts count="${ids.length}">${ids.map((id) => `<tablePart r:id="${id}"/>`).join('')}</tableParts>`;
    }

    await addRelationships(zip, sheetPart, sheetRels);
    zip.file(sheetPart, zip.file(sheetPart)!.nodeStream('nodebuffer').pipe(new BeforeWorksheetEnd(insert)));
  }
  await addContentTypes(zip, overrides);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 6 }, streamFiles: true });
}
