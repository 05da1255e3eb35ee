import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE, type ChartSpec } from '../../../../subgraphs/documents/spreadsheet/charts/base.ts';
import { CHART_TYPES, chartFor } from '../../../../subgraphs/documents/spreadsheet/charts/index.ts';
import { drawingXml } from '../../../../subgraphs/documents/spreadsheet/charts/drawing.ts';

const spec = (over: Partial<ChartSpec> = {}): ChartSpec => ({
  title: 'Loads <&> "quoted"',
  legendPosition: 'bottom',
  showDataLabels: false,
  colors: DEFAULT_PALETTE,
  smoothLines: false,
  showTrendline: false,
  showPercentages: false,
  categoryTitle: 'Case',
  valueTitle: 'Force',
  categories: { ref: "'My Sheet'!$A$2:$A$4", cache: ['D', 'L', 'W'] },
  series: [{ nameRef: "'My Sheet'!$B$1", name: 'Force', values: { ref: "'My Sheet'!$B$2:$B$4", cache: [1, 2, null] } }],
  ...over,
});

/** Every start tag closed in order: the parts are well-formed XML. */
function wellFormed(xml: string): boolean {
  const stack: string[] = [];
  for (const m of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([\w:]+)(?![\w:])[^>]*?(\/?)>/g)) {
    if (m[3]) continue;
    if (!m[1]) stack.push(m[2]!);
    else if (stack.pop() !== m[2]) return false;
  }
  return stack.length === 0;
}

describe('charts', () => {
  it.each(CHART_TYPES)('%s is well-formed, escapes text and spells every flag out', (type) => {
    const xml = chartFor(type, spec()).toXml();
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('Loads &lt;&amp;&gt; &quot;quoted&quot;');
    expect(xml).toContain('<c:legendPos val="b"/>');
    expect(xml).toContain('<c:autoTitleDeleted val="0"/>');
    // LibreOffice reads a flag without val as true in files not marked as Excel 2007's.
    expect(xml).not.toMatch(/<c:(showVal|showPercent|smooth|varyColors|delete|overlay|autoTitleDeleted)\/>/);
    expect(xml).toContain('<c:f>&apos;My Sheet&apos;!$B$2:$B$4</c:f>');
  });

  it('bar draws vertical bars and column horizontal ones, the first category on top', () => {
    expect(chartFor('bar', spec()).toXml()).toContain('<c:barDir val="col"/>');
    const column = chartFor('column', spec()).toXml();
    expect(column).toContain('<c:barDir val="bar"/>');
    expect(column).toMatch(/<c:catAx>.*<c:orientation val="maxMin"\/>.*<c:axPos val="l"\/>/);
  });

  it('options: labels, percentages, smoothing, trendlines, colours', () => {
    expect(chartFor('bar', spec({ showDataLabels: true })).toXml()).toContain('<c:showVal val="1"/>');
    const pie = chartFor('pie', spec({ showPercentages: true, colors: ['FF0000', '00FF00'] })).toXml();
    expect(pie).toContain('<c:showPercent val="1"/>');
    expect(pie.match(/<c:dPt>/g)).toHaveLength(3);
    expect(pie).toMatch(/<c:dPt><c:idx val="2"\/><c:bubble3D val="0"\/><c:spPr><a:solidFill><a:srgbClr val="FF0000">/);
    const line = chartFor('line', spec({ smoothLines: true, showTrendline: true })).toXml();
    expect(line).toContain('<c:smooth val="1"/>');
    expect(line).toContain('<c:trendlineType val="linear"/>');
    expect(chartFor('line', spec()).toXml()).not.toContain('trendline');
    const scatter = chartFor('scatter', spec({ showTrendline: true })).toXml();
    expect(scatter).toMatch(/<c:xVal>.*<\/c:xVal><c:yVal>/);
    expect(scatter).toContain('<c:scatterStyle val="lineMarker"/>');
    expect(chartFor('area', spec()).toXml()).toContain('<a:alpha val="60000"/>');
  });

  it('caches numbers, leaving out cells whose value a formula computes', () => {
    const xml = chartFor('bar', spec()).toXml();
    expect(xml).toMatch(
      /<c:numCache><c:formatCode>General<\/c:formatCode><c:ptCount val="3"\/><c:pt idx="0"><c:v>1<\/c:v><\/c:pt><c:pt idx="1"><c:v>2<\/c:v><\/c:pt><\/c:numCache>/,
    );
  });

  it('the drawing anchors each chart to its cells through the relationship id', () => {
    const xml = drawingXml([
      { from: { col: 0, row: 5 }, to: { col: 8, row: 25 }, relationshipId: 'rId1', name: 'Chart 1' },
    ]);
    expect(wellFormed(xml)).toBe(true);
    expect(xml).toContain('<xdr:from><xdr:col>0</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>5</xdr:row>');
    expect(xml).toContain('r:id="rId1"');
  });
});

describe('charts in a built workbook', () => {
  it('titles the value axis of a multi-series chart with every series', async () => {
    const { buildWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/build/build-workbook.ts');
    const { validateWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/blocks/validate.ts');
    const { unzipSync, strFromU8 } = await import('fflate');
    const { xlsxXmlProblems } = await import('../../../helpers/readers.ts');
    const table = {
      type: 'data_table',
      name: 'Loads',
      headers: ['Case', 'Dead', 'Live', 'Wind'],
      rows: [
        ['A', 1, 2, 3],
        ['B', 2, 3, 4],
      ],
    };
    const xlsx = await buildWorkbook(
      validateWorkbook({
        workbookName: 'W',
        sheets: [
          {
            name: 'S',
            blocks: [
              { type: 'header', content: 'Loads' },
              table,
              { type: 'chart', chartType: 'line', dataRange: 'Loads' },
              { type: 'chart', dataRange: 'Loads', yAxis: 'Dead' },
            ],
          },
        ],
      }),
    );
    expect(xlsxXmlProblems(xlsx)).toEqual([]);
    const files = unzipSync(xlsx);
    const valueTitles = ['xl/charts/chart1.xml', 'xl/charts/chart2.xml'].map(
      (p) => /<c:valAx>[\s\S]*?<a:t>([^<]*)<\/a:t>/.exec(strFromU8(files[p]!))?.[1],
    );
    expect(valueTitles).toEqual(['Dead, Live, Wind', 'Dead']);
    // A printed page starts above each chart's spacer row: the break sits one row above the frame's top.
    const tops = [
      ...strFromU8(files['xl/drawings/drawing1.xml']!).matchAll(
        /<xdr:from><xdr:col>\d+<\/xdr:col><xdr:colOff>0<\/xdr:colOff><xdr:row>(\d+)</g,
      ),
    ].map((m) => Number(m[1]));
    const breaks = [...strFromU8(files['xl/worksheets/sheet1.xml']!).matchAll(/<brk id="(\d+)"[^>]*man="1"/g)].map(
      (m) => Number(m[1]),
    );
    expect(breaks).toEqual(tops.map((top) => top - 1));
  });
});

describe('dynamic-array formulas in a built workbook', () => {
  it('marks a spilling formula cm="1" with t="array" on its own cell, and adds xl/metadata.xml with its relationship and content type', async () => {
    const { buildWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/build/build-workbook.ts');
    const { validateWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/blocks/validate.ts');
    const { unzipSync, strFromU8 } = await import('fflate');
    const { xlsxXmlProblems } = await import('../../../helpers/readers.ts');
    const table = {
      type: 'data_table',
      name: 'Loads',
      headers: ['Case', 'Force'],
      rows: [
        ['A', 3],
        ['B', 1],
      ],
    };
    const xlsx = await buildWorkbook(
      validateWorkbook({
        workbookName: 'W',
        sheets: [
          {
            name: 'S',
            blocks: [
              table,
              { type: 'formula', label: 'Total', expression: '=SUM(Loads[Force])' },
              { type: 'formula', label: 'Sorted', expression: '=SORT(Loads[Force])' },
            ],
          },
          { name: 'T', blocks: [{ type: 'formula', label: 'Steps', expression: '=SEQUENCE(3)' }] },
        ],
      }),
    );
    expect(xlsxXmlProblems(xlsx)).toEqual([]);
    const files = unzipSync(xlsx);
    const text = (p: string) => strFromU8(files[p]!);
    expect(text('xl/metadata.xml')).toContain('<xda:dynamicArrayProperties fDynamic="1"');
    expect(text('xl/metadata.xml')).toContain('<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata>');
    expect(text('xl/_rels/workbook.xml.rels')).toMatch(
      /Type="http:\/\/schemas\.openxmlformats\.org\/officeDocument\/2006\/relationships\/sheetMetadata" Target="metadata\.xml"/,
    );
    expect(text('[Content_Types].xml')).toContain(
      '<Override PartName="/xl/metadata.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"/>',
    );
    const s1 = text('xl/worksheets/sheet1.xml');
    expect(s1).toContain('<c r="B6" cm="1"><f t="array" ref="B6">_xlfn._xlws.SORT(Loads[Force])</f></c>');
    // The plain formula is neither an array formula nor marked.
    expect(s1).toMatch(/<c r="B5"[^>]*><f>SUM\(Loads\[Force\]\)<\/f>/);
    expect(s1).not.toMatch(/<c r="B5"[^>]*cm=/);
    expect(text('xl/worksheets/sheet2.xml')).toContain(
      '<c r="B1" cm="1"><f t="array" ref="B1">_xlfn.SEQUENCE(3)</f></c>',
    );
  });

  it('a workbook without spilling formulas gets no metadata part', async () => {
    const { buildWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/build/build-workbook.ts');
    const { validateWorkbook } = await import('../../../../subgraphs/documents/spreadsheet/blocks/validate.ts');
    const { unzipSync, strFromU8 } = await import('fflate');
    const xlsx = await buildWorkbook(
      validateWorkbook({
        workbookName: 'W',
        sheets: [{ name: 'S', blocks: [{ type: 'formula', label: 'L', expression: '=1+"SORT(x)"' }] }],
      }),
    );
    const files = unzipSync(xlsx);
    expect(files['xl/metadata.xml']).toBeUndefined();
    expect(strFromU8(files['xl/worksheets/sheet1.xml']!)).not.toContain('cm=');
  });
});
