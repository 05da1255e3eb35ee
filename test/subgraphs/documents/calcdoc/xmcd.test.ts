// .xmcd → .mcdx: a worksheet written in the Mathcad 14 format (text,
// definitions with unlabeled units, an evaluation with a unit override, a
// PNG picture, a plot) and the real Mathcad 14.1 sample.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readMcdx } from '../../../../subgraphs/documents/calcdoc/mcdx/reader.ts';
import run from '../../../../subgraphs/documents/calcdoc/task.ts';
import { unpackTaskResult } from '../../../../core/jobs/task.ts';
import { convertXmcd } from '../../../../subgraphs/documents/calcdoc/xmcd/convert.ts';
import { fixture } from '../../../helpers/samples.ts';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';
const region = (id: number, top: number, body: string) =>
  `<region region-id="${id}" left="12" top="${top}" width="200" height="14" align-x="0" align-y="0">${body}<rendering item-idref="9"/></region>`;
const id = (name: string, attrs = '') => `<ml:id xml:space="preserve"${attrs}>${name}</ml:id>`;

export const XMCD = `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?validation-md5-digest 00000000000000000000000000000000?>
<worksheet version="3.0.3" xmlns="http://schemas.mathsoft.com/worksheet30" xmlns:ws="http://schemas.mathsoft.com/worksheet30" xmlns:ml="http://schemas.mathsoft.com/math30" xmlns:u="http://schemas.mathsoft.com/units10" xmlns:p="http://schemas.mathsoft.com/provenance10">
<metadata><generator>Mathcad Professional 14.0</generator><userData><title>Footing F1</title><author>C. Designer</author></userData></metadata>
<settings/>
<regions>
${region(1, 10, '<text><p style="Heading 1">Footing design</p></text>')}
${region(2, 30, '<text><p style="Normal">Bearing check to the geotechnical report.</p></text>')}
${region(3, 50, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('B')}<ml:apply><ml:mult style="auto-select"/><ml:real>2.5</ml:real>${id('m')}</ml:apply></ml:define></math>`)}
${region(4, 70, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('P')}<ml:apply><ml:mult style="auto-select"/><ml:real>1500</ml:real>${id('kN')}</ml:apply></ml:define></math>`)}
${region(5, 90, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('q', ' subscript="b"')}<ml:eval><ml:apply><ml:div/>${id('P')}<ml:apply><ml:pow/>${id('B')}<ml:real>2</ml:real></ml:apply></ml:apply><ml:unitOverride>${id('kPa')}</ml:unitOverride><result xmlns="http://schemas.mathsoft.com/math30"><unitedValue><ml:real>240</ml:real></unitedValue></result></ml:eval></ml:define></math>`)}
${region(6, 110, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('d')}<ml:apply><ml:sqrt/>${id('B')}</ml:apply></ml:define></math>`)}
${region(7, 130, '<picture><png item-idref="4" display-width="30" display-height="15"/></picture>')}
${region(8, 150, '<plot><xyPlot/></plot>')}
${region(9, 170, `<math><ml:eval xmlns:ml="http://schemas.mathsoft.com/math30"><ml:apply>${id('cppsum')}<ml:sequence><ml:real>1</ml:real><ml:real>2</ml:real></ml:sequence></ml:apply></ml:eval></math>`)}
</regions>
<binaryContent><item item-id="4" content-encoding="base64">${PNG}</item><item item-id="9" content-encoding="base64">AAAA</item></binaryContent>
</worksheet>`;

// The task's value, or its AppError thrown, as a worker's caller gets them.
const value = (res: unknown): any => unpackTaskResult(res);

describe('.xmcd conversion', () => {
  it('maps text, definitions with units, evaluations with overrides and pictures, listing the rest', async () => {
    const sheet = await convertXmcd(Buffer.from(XMCD));
    expect(sheet.documentName).toBe('Footing F1');
    expect(sheet.metadata).toEqual({ author: 'C. Designer' });
    expect(sheet.generator).toBe('Mathcad Professional 14.0');
    expect(sheet.elements).toEqual([
      { type: 'text', content: 'Footing design', style: 'heading1' },
      { type: 'text', content: 'Bearing check to the geotechnical report.' },
      { type: 'variable', name: 'B', value: 2.5, unit: 'm' },
      { type: 'variable', name: 'P', value: 1500, unit: 'kN' },
      { type: 'formula', expression: 'q_b := P/B^2', resultUnit: 'kPa' },
      { type: 'formula', expression: 'd := sqrt(B)' },
      { type: 'image', url: `data:image/png;base64,${PNG}`, width: 40, height: 20 },
    ]);
    expect(sheet.unconverted.map((u) => [u.kind, u.regionId])).toEqual([
      ['plot', '8'],
      ['math', '9'],
    ]);
    expect(sheet.unconverted[1]!.reason).toContain('cppsum');
  });

  it('writes an .mcdx that reads back, from .xmcd and gzipped .xmcdz alike', async () => {
    for (const bytes of [Buffer.from(XMCD), gzipSync(XMCD)]) {
      const out = value(await run({ op: 'convert', source: bytes, now: Date.now() }));
      expect(out.converted).toBe(7);
      expect(out.results.find((r: { name: string }) => r.name === 'q_b')).toMatchObject({ value: 240, unit: 'kPa' });
      const back = await readMcdx(out.mcdx);
      expect(back.elements.map((e) => e.type)).toEqual([
        'text',
        'text',
        'variable',
        'variable',
        'formula',
        'formula',
        'image',
      ]);
      expect(back.documentName).toBe('Footing F1');
    }
  });

  it('converts the real Mathcad 14.1 sample, listing every region it could not convert', async () => {
    const bytes = fixture('calc/xmcd/calcpadfork_cpptest.xmcd');
    const out = value(await run({ op: 'convert', source: bytes, now: Date.now() }));
    const regions = (bytes.toString('utf8').match(/<region /g) ?? []).length;
    expect(out.converted + out.unconverted.length).toBe(regions);
    expect(out.unconverted.length).toBeGreaterThan(0);
    expect((await readMcdx(out.mcdx)).elements.length).toBe(out.converted);
  });

  it('unwraps regions Mathcad keeps in ml:provenance (pasted regions) and converts what is inside', async () => {
    const bytes = fixture('calc/provenance-angles.xmcd');
    const sheet = await convertXmcd(bytes);
    expect(sheet.unconverted).toEqual([]);
    expect(sheet.elements).toEqual([
      { type: 'variable', name: 'v_b', value: 24, unit: 'm/s' },
      { type: 'variable', name: 'alpha', value: 6, unit: 'deg' },
      { type: 'variable', name: 'r', value: 8, unit: 'm' },
      { type: 'formula', expression: 's := r*alpha', resultUnit: 'm' },
      { type: 'formula', expression: 'h := r*sin(alpha)', resultUnit: 'm' },
      { type: 'formula', expression: 'q := 0.613*v_b^2' },
    ]);
  });

  it('opens areas and unwraps provenance in a real worksheet: the pasted, collapsed region is read where it stands', async () => {
    // CoolProp's worksheet (MIT): region 106, the function find_all pasted from a Mathcad 15
    // QuickSheet, is wrapped in ml:provenance inside a collapsed area (783) with a page break (115).
    const bytes = fixture('calc/xmcd/coolprop_CoolPropFluidProperties.xmcd');
    const sheet = await convertXmcd(bytes);
    const xml = bytes.toString('utf8');
    const leafRegions = (xml.match(/<region /g) ?? []).length - (xml.match(/<area /g) ?? []).length;
    expect(sheet.elements.length + sheet.unconverted.length).toBe(leafRegions);
    expect(sheet.unconverted.map((u) => u.kind)).not.toContain('area');
    expect(sheet.unconverted.some((u) => /provenance/.test(u.reason))).toBe(false);
    // find_all is a program (a user function): listed for what it is, not for its wrapper.
    const findAll = sheet.unconverted.find((u) => u.regionId === '106')!;
    expect(findAll).toMatchObject({ kind: 'function' });
    // In place: after the text that introduces the hidden area, before the next one.
    const before = sheet.elements.findIndex(
      (e) => e.type === 'text' && e.content.startsWith('Functions to parse the output'),
    );
    expect(findAll.elementPosition).toBe(before + 1);
    // Area coordinates are relative to the area: 306 pt (area) + 15 pt (region), in 1/96 in.
    expect(findAll.top).toBeCloseTo((306 + 15) * (4 / 3), 6);
    expect(sheet.unconverted.find((u) => u.regionId === '115')).toMatchObject({ kind: 'pageBreak' });
  });

  it('reads provenance around one operand and periods in literal subscripts, as real Mathcad 14 worksheets hold them', async () => {
    // The shapes of a real Mathcad 14 beam calculation (64 of its 130 math regions pasted from
    // templates): ml:provenance can wrap one operand inside ml:eval, not only the whole region,
    // and literal subscripts qualify a symbol with periods (S_element.bend, b_S.1).
    const pasted = (inner: string) =>
      `<ml:provenance expr-id="1"><originRef doc-id="A" href="N:\\templates\\beam.xmcd" xmlns="http://schemas.mathsoft.com/provenance10"><hash/></originRef><comment xmlns="http://schemas.mathsoft.com/provenance10"/><contentHash xmlns="http://schemas.mathsoft.com/provenance10">3e35</contentHash>${inner}</ml:provenance>`;
    const xml = XMCD.replace(
      /<regions>[\s\S]*<\/regions>/,
      `<regions>
${region(1, 10, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('L', ' subscript="b"')}<ml:real>10</ml:real></ml:define></math>`)}
${region(2, 30, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${id('r', ' subscript="y"')}<ml:real>1.09</ml:real></ml:define></math>`)}
${region(3, 50, `<math><ml:define xmlns:ml="http://schemas.mathsoft.com/math30">${pasted(id('S', ' subscript="element.bend"'))}<ml:apply><ml:div/><ml:apply><ml:mult/>${id('L', ' subscript="b"')}<ml:real>12</ml:real></ml:apply>${pasted(id('r', ' subscript="y"'))}</ml:apply></ml:define></math>`)}
${region(4, 70, `<math><ml:eval xmlns:ml="http://schemas.mathsoft.com/math30">${pasted(id('S', ' subscript="element.bend"'))}<result xmlns="http://schemas.mathsoft.com/math30"><ml:real>110.091743119266</ml:real></result></ml:eval></math>`)}
</regions>`,
    );
    const sheet = await convertXmcd(Buffer.from(xml));
    expect(sheet.unconverted).toEqual([]);
    expect(sheet.elements.slice(2)).toEqual([
      { type: 'formula', expression: 'S_element_bend := L_b*12/r_y' },
      { type: 'formula', expression: 'S_element_bend' },
    ]);
    const out = value(await run({ op: 'convert', source: Buffer.from(xml), now: Date.now() }));
    // Mathcad's stored result for the evaluation: 110.091743119266.
    expect(out.results.find((r: { elementIndex: number }) => r.elementIndex === 3).value).toBeCloseTo(
      110.091743119266,
      9,
    );
  });

  it('computes with angles as Mathcad does: deg a plain scale factor, r·α a length', async () => {
    const bytes = fixture('calc/provenance-angles.xmcd');
    const out = value(await run({ op: 'convert', source: bytes, now: Date.now() }));
    expect(out.converted).toBe(6);
    const byName = Object.fromEntries(
      out.results.map((r: { name: string; value: number; unit: string; problem?: unknown }) => [r.name, r]),
    );
    // Mathcad's own cached results in the fixture: 0.837758 m, 0.836227 m, 353.088 m²/s².
    expect(byName.s).toMatchObject({ unit: 'm' });
    expect(byName.s.value).toBeCloseTo(0.837758040957278, 9);
    expect(byName.h.value).toBeCloseTo(0.836227706141, 9);
    expect(byName.q.value).toBeCloseTo(353.088, 6);
    expect(out.results.filter((r: { problem?: unknown }) => r.problem)).toEqual([]);
  });

  it('refuses what is not a Mathcad 12–15 worksheet', async () => {
    await expect(convertXmcd(Buffer.from('<?xml version="1.0"?><html/>'))).rejects.toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FORMAT' }),
    );
  });
});
