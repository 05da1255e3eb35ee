// The drawing part of a sheet: one two-cell anchor per chart, each pointing
// at its chart part through the drawing's relationships. Always written with
// the xdr: prefix and relative targets (exceljs and others choke on other spellings).
import { escapeXml } from '../ooxml/xml.ts';

export interface ChartAnchor {
  /** 0-based column and row of the top-left and bottom-right cells. */
  from: { col: number; row: number };
  to: { col: number; row: number };
  relationshipId: string;
  name: string;
}

export function drawingXml(anchors: readonly ChartAnchor[]): string {
  const body = anchors
    .map(
      (a, i) =>
        `<xdr:twoCellAnchor editAs="oneCell">` +
        `<xdr:from><xdr:col>${a.from.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${a.from.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:from>` +
        `<xdr:to><xdr:col>${a.to.col}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${a.to.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:to>` +
        `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${i + 2}" name="${escapeXml(a.name)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
        `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm>` +
        `<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/chart">` +
        `<c:chart xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" r:id="${a.relationshipId}"/>` +
        `</a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`,
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
    '<xdr:wsDr xmlns:xdr="http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    `xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${body}</xdr:wsDr>`
  );
}
