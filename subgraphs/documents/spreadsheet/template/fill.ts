// populate_template: writes the mapped values into the template's own XML and
// leaves every other part as it came (styles, names of every scope, tables,
// charts and drawings, formulas), which libraries that load and re-save a
// workbook do not (exceljs drops charts and sheet-scoped names).
import { parseRelationships, REL, relsPathOf, resolveTarget } from '../ooxml/package.ts';
import { planWrites, type PopulateInput } from './mappings.ts';
import { openTemplate } from './open-template.ts';
import { dropCachedResults, writeSheetCells, type SheetWrite } from './sheet-cells.ts';

/** Asks every reader to recalculate on open (Excel honours fullCalcOnLoad). */
function recalculateOnLoad(workbookXml: string): string {
  const calcPr = /<calcPr\b[^>]*?\/?>/.exec(workbookXml);
  if (!calcPr) return workbookXml.replace(/(<\/(?:\w+:)?workbook>)/, '<calcPr fullCalcOnLoad="1"/>$1');
  const tag = calcPr[0]
    .replace(/(?<!\s)\s+fullCalcOnLoad="[^"]*"/, '')
    .replace(/(?:(?<!\s)\s+)?(\/?>)$/, ' fullCalcOnLoad="1"$1');
  return workbookXml.slice(0, calcPr.index) + tag + workbookXml.slice(calcPr.index + calcPr[0].length);
}

export function fillTemplate(input: PopulateInput): Buffer {
  const template = openTemplate(input.templateFile);
  const { pkg, workbook } = template;
  const writes = planWrites(template, input.dataMappings);

  const bySheet = new Map<string, SheetWrite[]>();
  for (const w of writes) {
    if (!bySheet.has(w.sheet)) bySheet.set(w.sheet, []);
    bySheet.get(w.sheet)!.push(w);
  }
  for (const sheet of template.sheets) {
    const xml = sheet.part ? pkg.read(sheet.part) : null;
    if (xml === null) continue;
    const filled = dropCachedResults(writeSheetCells(xml, bySheet.get(sheet.name) ?? []));
    if (filled !== xml) pkg.write(sheet.part, filled);
  }

  // The calculation chain lists formula cells in Excel's last order; a stale one makes Excel repair the file.
  const relsPath = relsPathOf(workbook);
  const relsXml = pkg.read(relsPath);
  const calcChain = relsXml ? parseRelationships(relsXml).find((r) => r.type === REL.calcChain) : undefined;
  if (calcChain && relsXml) {
    const part = resolveTarget(workbook, calcChain.target);
    pkg.remove(part);
    pkg.write(
      relsPath,
      relsXml.replace(/<Relationship\b[^>]*>/g, (tag) => (tag.includes(`Id="${calcChain.id}"`) ? '' : tag)),
    );
    const types = pkg.read('[Content_Types].xml')!;
    pkg.write(
      '[Content_Types].xml',
      types.replace(/<Override\b[^>]*>/g, (tag) => (tag.includes(`PartName="/${part}"`) ? '' : tag)),
    );
  }
  pkg.write(workbook, recalculateOnLoad(template.workbookXml));
  return pkg.toBuffer();
}
