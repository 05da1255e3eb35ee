// The table part (xl/tables/tableN.xml) of a data_table: what makes the
// header and rows a real Excel table that structured references resolve to.
import { boxRef, type CellBox } from '../ooxml/cells.ts';
import { escapeXml } from '../ooxml/xml.ts';

export function tableXml(id: number, name: string, headers: readonly string[], box: CellBox): string {
  const ref = boxRef(box);
  const columns = headers.map((h, i) => `<tableColumn id="${i + 1}" name="${escapeXml(h)}"/>`).join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    `<table xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" id="${id}" name="${escapeXml(name)}" displayName="${escapeXml(name)}" ref="${ref}" totalsRowShown="0">` +
    `<autoFilter ref="${ref}"/><tableColumns count="${headers.length}">${columns}</tableColumns>` +
    '<tableStyleInfo name="TableStyleMedium2" showFirstColumn="0" showLastColumn="0" showRowStripes="1" showColumnStripes="0"/></table>'
  );
}
