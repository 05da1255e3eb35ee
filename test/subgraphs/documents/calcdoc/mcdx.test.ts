// The generated .mcdx against the real Prime samples, part by part: the same
// parts, content types, root elements and namespaces, the same region schema;
// then the reader on every sample and on our own files (round trip).
import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { calculate } from '../../../../subgraphs/documents/calcdoc/calculate.ts';
import type { CalcElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';
import { readMcdx } from '../../../../subgraphs/documents/calcdoc/mcdx/reader.ts';
import { writeMcdx } from '../../../../subgraphs/documents/calcdoc/mcdx/writer.ts';
import { parseXml, children } from '../../../../subgraphs/documents/calcdoc/mcdx/xml.ts';

import { optionalSample, sampleFiles } from '../../../helpers/samples.ts';

// The MIT-licensed Prime files are in test/fixtures/; the GPL MathcadPy ones only beside the repository.
const SAMPLES = sampleFiles('calc/mcdx', '.mcdx');
const samples = [...SAMPLES.keys()];
const sample = (name: string) => new Uint8Array(readFileSync(SAMPLES.get(name)!));
const PRIME_COMPLETE = optionalSample('calc/mcdx/mathcadpy_simple_example_complete.mcdx');
const PRIME_UNITS = optionalSample('calc/mcdx/mathcadpy_test_units.mcdx');

// A 1×1 red PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const elements: CalcElement[] = [
  { type: 'text', content: 'Column design', style: 'heading1' },
  { type: 'text', content: 'Checks to **ACI 318**, see *Table 1*:\n- axial load\n- moment\n\n1. first\n2. second' },
  { type: 'text', content: 'Loads', style: 'heading2' },
  { type: 'variable', name: 'P_u', value: 1200, unit: 'kN', description: 'Factored axial load' },
  { type: 'variable', name: 'f_c', value: 30, unit: 'MPa' },
  { type: 'variable', name: 'b', value: 400, unit: 'mm' },
  { type: 'variable', name: 'n', value: -2 },
  { type: 'formula', expression: 'A_g := b^2', resultUnit: 'cm^2', description: 'Gross area' },
  { type: 'formula', expression: 'sigma := P_u/A_g', resultUnit: 'MPa' },
  { type: 'formula', expression: 'ratio := sigma/f_c' },
  { type: 'formula', expression: 'x := sqrt(ratio) + log(100) - ln(1)*sin(30 deg)' },
  { type: 'formula', expression: 'q := 2 kN*m + 3 kip*ft', resultUnit: 'N*m' },
  { type: 'formula', expression: 'F := 2*A_g*1 MPa - -sigma*(A_g/2)', resultUnit: 'kN' },
  { type: 'image', url: PNG, caption: 'Section', width: 120, height: 60 },
];

function build(els: CalcElement[], aiFormatting = false) {
  return writeMcdx({
    documentName: 'Column C3',
    elements: els,
    metadata: { author: 'Eng', project: 'Tower', date: '2026-11-22' },
    options: { aiFormatting: aiFormatting, pageOrientation: 'portrait' },
    calc: calculate(els),
    images: new Map([[13, { png: Buffer.from(PNG.split(',')[1]!, 'base64'), width: 1, height: 1 }]]),
    now: new Date('2026-11-22T00:00:00Z'),
  });
}

const contentTypes = (files: Record<string, Uint8Array>) => {
  const root = parseXml(strFromU8(files['[Content_Types].xml']!)).documentElement as unknown as Element;
  return Object.fromEntries(
    children(root).map((e) => [
      e.getAttribute('Extension') ?? e.getAttribute('PartName'),
      e.getAttribute('ContentType'),
    ]),
  );
};
const rootOf = (files: Record<string, Uint8Array>, part: string) => {
  const root = parseXml(strFromU8(files[part]!)).documentElement as unknown as Element;
  return {
    name: root.localName,
    ns: root.namespaceURI,
    prefixes: [...Array.from(root.attributes)]
      .filter((a) => a.name.startsWith('xmlns'))
      .map((a) => `${a.name}=${a.value}`)
      .sort(),
  };
};
const FIXED_PARTS = [
  '[Content_Types].xml',
  '_rels/.rels',
  'docProps/app.xml',
  'docProps/core.xml',
  'mathcad/worksheet.xml',
  'mathcad/header.xml',
  'mathcad/footer.xml',
  'mathcad/result.xml',
  'mathcad/integration.xml',
  'mathcad/settings/presentation.xml',
  'mathcad/settings/calculation.xml',
];

describe('.mcdx writer against the Prime samples', () => {
  const ours = unzipSync(build(elements));
  // A real Prime 10 worksheet with pictures, in test/fixtures/ (MIT): the same parts and content types as ours.
  const prime = unzipSync(sample('calcpadfork_Modos_de_vibracion.mcdx'));

  it('has the 11 parts every Prime file has, plus rels, XamlPackages and PNG media like Prime', () => {
    for (const part of FIXED_PARTS) expect(Object.keys(ours)).toContain(part);
    for (const name of samples)
      for (const part of FIXED_PARTS) expect(Object.keys(unzipSync(sample(name)))).toContain(part);
    const kinds = (files: Record<string, Uint8Array>) =>
      [...new Set(Object.keys(files).map((p) => p.replace(/\d+/g, 'N')))].sort();
    const primeKinds = new Set(samples.flatMap((n) => kinds(unzipSync(sample(n)))));
    for (const kind of kinds(ours)) expect(primeKinds.has(kind), `${kind} occurs in Prime files`).toBe(true);
    for (const kind of kinds(prime)) expect(kinds(ours)).toContain(kind);
  });

  it('declares the same content types', () => {
    expect(contentTypes(ours)).toEqual(contentTypes(prime));
  });

  it('uses the same root elements and namespaces in every XML part', () => {
    for (const part of FIXED_PARTS.filter((p) => !p.startsWith('docProps/core') && p !== '[Content_Types].xml')) {
      const a = rootOf(ours, part);
      const b = rootOf(prime, part);
      expect([part, a.name, a.ns]).toEqual([part, b.name, b.ns]);
      if (part.startsWith('mathcad/') && !part.includes('settings'))
        expect([part, a.prefixes]).toEqual([part, b.prefixes]);
    }
    expect(strFromU8(ours['_rels/.rels']!).match(/Target="[^"]+"/g)).toEqual(
      strFromU8(prime['_rels/.rels']!).match(/Target="[^"]+"/g),
    );
  });

  it('writes regions with the schema Prime uses (math define/eval/unitOverride, text item-idref, picture png)', () => {
    const ws = strFromU8(ours['mathcad/worksheet.xml']!);
    const regionAttrs = (xml: string) =>
      [
        ...new Set(
          [...xml.matchAll(/<region ([^>]*)>/g)].flatMap((m) =>
            [...m[1]!.matchAll(/(?<![\w-])([\w-]+)=/g)].map((a) => a[1]),
          ),
        ),
      ].sort();
    const primeAttrs = samples.flatMap((n) => regionAttrs(strFromU8(unzipSync(sample(n))['mathcad/worksheet.xml']!)));
    for (const attr of regionAttrs(ws)) expect(primeAttrs).toContain(attr);
    const tags = (xml: string) => new Set([...xml.matchAll(/<(ml:\w+|math|text|picture|png)\b/g)].map((m) => m[1]));
    const primeTags = new Set(
      samples.flatMap((n) => [...tags(strFromU8(unzipSync(sample(n))['mathcad/worksheet.xml']!))]),
    );
    for (const tag of tags(ws)) expect(primeTags.has(tag!), `${tag} occurs in Prime files`).toBe(true);
    expect(ws).toContain(
      '<ml:apply><ml:scale /><ml:real>1200</ml:real><ml:id labels="UNIT" label-is-contextual="true" xml:space="preserve">kN</ml:id></ml:apply>',
    );
    expect(ws).toMatch(
      /<ml:unitOverride><ml:apply><ml:pow \/><ml:id labels="UNIT"[^>]*>cm<\/ml:id><ml:real>2<\/ml:real><\/ml:apply><\/ml:unitOverride>/,
    );
    expect(ws).toContain('<pw:Subscript>u</pw:Subscript>');
    expect(ws).toContain('<ml:apply><ml:nthRoot /><ml:placeholder />');
    // top to bottom in document order
    const tops = [...ws.matchAll(/top="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    const integration = strFromU8(ours['mathcad/integration.xml']!);
    expect(integration).toContain('ioTagType="Input"><inputAliases><alias>P_u</alias>');
    expect(integration).toContain('ioTagType="Output"><outputAliases><alias>sigma</alias>');
    expect(strFromU8(ours['docProps/core.xml']!)).toContain('<dc:creator>Eng</dc:creator>');
    const xaml = unzipSync(ours[Object.keys(ours).find((k) => k.endsWith('.XamlPackage'))!]!);
    expect(Object.keys(xaml).sort()).toEqual(['Xaml/Document.xaml', '[Content_Types].xml', '_rels/.rels']);
  });

  it('caches results like Prime: a bare real in the override unit', () => {
    const results = strFromU8(ours['mathcad/result.xml']!);
    expect(results).toMatch(
      /<resultData result-id="\d+" calculation-status="Synchronized"><ml:result><ml:real>1600<\/ml:real>/,
    );
  });
});

describe('.mcdx reader', () => {
  it('reads back exactly the elements written, with and without the layout pass', async () => {
    expect((await readMcdx(build(elements))).elements).toEqual(elements);
    expect((await readMcdx(build(elements, true))).elements).toEqual(elements);
  });

  it('returns results in the unit the worksheet shows: the override, or the unit the inputs suggest written as one', async () => {
    const els: CalcElement[] = [
      { type: 'variable', name: 'w', value: 12, unit: 'kN/m' },
      { type: 'variable', name: 'L', value: 6, unit: 'm' },
      { type: 'formula', expression: 'M := w*L^2/8' },
      { type: 'variable', name: 'P', value: 10, unit: 'kip' },
      { type: 'variable', name: 'e', value: 3, unit: 'ft' },
      { type: 'formula', expression: 'M_u := P*e', resultUnit: 'kip*ft' },
    ];
    const mcdx = writeMcdx({
      documentName: 'Units',
      elements: els,
      metadata: {},
      options: { aiFormatting: false, pageOrientation: 'portrait' },
      calc: calculate(els),
      images: new Map(),
      now: new Date(0),
    });
    const doc = await readMcdx(mcdx);
    expect(doc.cachedResults).toEqual({ 2: { value: 54, unit: 'kN*m' }, 5: { value: 30, unit: 'kip*ft' } });
    // An override that is the unit the inputs suggest is the default: read gives no resultUnit for it,
    // whether it was asked for (M_u) or not (M); the cached results carry the unit either way.
    expect(doc.elements).toEqual(
      els.map((e) => (e.type === 'formula' ? { type: 'formula', expression: e.expression } : e)),
    );
    expect(strFromU8(unzipSync(mcdx)['mathcad/worksheet.xml']!)).toMatch(
      /<ml:unitOverride><ml:apply><ml:mult \/><ml:id labels="UNIT"[^>]*>kN<\/ml:id><ml:id labels="UNIT"[^>]*>m<\/ml:id><\/ml:apply><\/ml:unitOverride>/,
    );
  });

  it('reads the unit of a result Prime cached under an override (mathcadpy_test_units.mcdx: 8.9 ft·kip)', async () => {
    if (!samples.includes('mathcadpy_test_units.mcdx'))
      return console.warn('skipped: ../shared/samples/calc/mcdx/mathcadpy_test_units.mcdx is absent');
    const doc = await readMcdx(sample('mathcadpy_test_units.mcdx'));
    const index = doc.elements.findIndex((e) => e.type === 'formula' && e.resultUnit === 'ft*kip');
    expect(doc.cachedResults[index]).toMatchObject({ unit: 'ft*kip' });
    expect(doc.cachedResults[index]!.value).toBeCloseTo(8.900162, 5);
  });

  it('writes Greek names in Greek, as Prime users type them, and reads them back under the names they were created with', async () => {
    const els: CalcElement[] = [
      { type: 'variable', name: 'phi', value: 0.9 },
      { type: 'variable', name: 'theta', value: 30, unit: 'deg' },
      { type: 'variable', name: 'M_n', value: 100, unit: 'kN*m' },
      { type: 'variable', name: 'gamma_c', value: 1.5 },
      { type: 'variable', name: 'f_sigma', value: 2 },
      { type: 'formula', expression: 'phiM_n := phi*M_n*cos(theta)/gamma_c', resultUnit: 'kip*ft' },
      { type: 'variable', name: 'betax', value: 1 },
    ];
    const mcdx = writeMcdx({
      documentName: 'Greek',
      elements: els,
      metadata: {},
      options: { aiFormatting: false, pageOrientation: 'portrait' },
      calc: calculate(els),
      images: new Map(),
      now: new Date(0),
    });
    const worksheet = strFromU8(unzipSync(mcdx)['mathcad/worksheet.xml']!);
    const ids = [...worksheet.matchAll(/<ml:id labels="VARIABLE"[^>]*>(.*?)<\/ml:id>/g)].map((m) =>
      m[1]!.replace(/<Span[^>]*>(.*?)<pw:Subscript>(.*?)<\/pw:Subscript><\/Span>/, '$1_$2'),
    );
    expect(new Set(ids)).toEqual(new Set(['φ', 'θ', 'M_n', 'γ_c', 'f_σ', 'φM_n', 'betax']));
    expect((await readMcdx(mcdx)).elements).toEqual(els);
  });

  it('refuses a package that would expand past 256 MB, before inflating it', async () => {
    const zip = Buffer.from(build(elements));
    // Claim 300 MB for the first entry in the central directory, as a zip bomb would.
    // The outer central directory (stored XamlPackages carry their own), from the end record.
    const central = zip.readUInt32LE(zip.length - 22 + 16);
    zip.writeUInt32LE(300 * 2 ** 20, central + 24);
    await expect(readMcdx(zip)).rejects.toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED_FORMAT', message: expect.stringMatching(/256 MB/) }),
    );
  });

  it.each(samples)('reads the Prime sample %s, listing what it cannot map', async (name) => {
    const doc = await readMcdx(sample(name));
    expect(doc.elements.length + doc.unmapped.length).toBeGreaterThan(0);
    for (const u of doc.unmapped)
      expect(u).toMatchObject({ kind: expect.any(String), regionId: expect.any(String), top: expect.any(Number) });
  });

  it.skipIf(!PRIME_UNITS || !PRIME_COMPLETE)(
    'maps definitions with units, evaluations with unit overrides, text and images (needs the GPL MathcadPy samples in ../shared)',
    async () => {
      const units = await readMcdx(sample('mathcadpy_test_units.mcdx'));
      expect(units.elements).toContainEqual({
        type: 'variable',
        name: 'real_input_with_units_test',
        value: 12067,
        unit: 'N*m',
      });
      expect(units.elements).toContainEqual({
        type: 'formula',
        expression: 'real_output_test3 := real_input_with_units_test',
        resultUnit: 'ft*kip',
      });
      const complete = await readMcdx(sample('mathcadpy_simple_example_complete.mcdx'));
      expect(complete.elements[0]).toMatchObject({ type: 'text', content: 'MathcadPy Interface Test Worksheet' });
      expect(complete.elements).toContainEqual({
        type: 'formula',
        expression: 'output := (input_1 + input_2)^constant',
      });
      expect(complete.elements.some((e) => e.type === 'image')).toBe(true);
      expect(complete.cachedResults[complete.elements.findIndex((e) => e.type === 'formula')]).toEqual({
        value: 2.4494897427831779,
        unit: '',
      });
    },
  );

  it('maps what the MIT Prime samples hold: plots, programs and matrices listed, formulas read', async () => {
    const plot = await readMcdx(sample('calcpadfork_Grafica.mcdx'));
    expect(plot.unmapped.map((u) => u.kind)).toContain('plot');
    const big = await readMcdx(sample('calcpadfork_Ensamblaje_Placas.mcdx'));
    expect(big.unmapped.some((u) => u.kind === 'program' || u.kind === 'matrix' || u.kind === 'spec-table')).toBe(true);
    expect(big.elements.filter((e) => e.type === 'formula').length).toBeGreaterThan(5);
  });
});
