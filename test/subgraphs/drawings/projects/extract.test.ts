import { describe, expect, it } from 'vitest';
import type { PageAnalysis } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { extractSheet } from '../../../../subgraphs/drawings/projects/extract.ts';
import { checkPagesInDocument, parsePages } from '../../../../subgraphs/drawings/projects/pages.ts';
import { disciplineOf, normaliseSheetNumber } from '../../../../subgraphs/drawings/projects/sheet-number.ts';
import { ftsMatch, queryTerms } from '../../../../subgraphs/drawings/projects/search.ts';
import type { TextLine } from '../../../../subgraphs/drawings/projects/text-lines.ts';
import { textLines } from '../../../../subgraphs/drawings/projects/text-lines.ts';

const line = (text: string, x: number, y: number, size = 10): TextLine => ({
  text,
  bbox: [x, y, x + text.length * size * 0.55, y + size],
  size,
  runs: [],
  angle: 0,
});

function analysis(
  over: Partial<PageAnalysis['annotations']> = {},
  number: string | null = 'S-201',
  title = 'FRAMING PLAN',
): PageAnalysis {
  return {
    dimensions: { width: 3000, height: 2000 },
    annotations: {
      leaders: [],
      section_tags: [],
      detail_tags: [],
      revision_triangles: [],
      revision_clouds: [],
      ...over,
    },
    titleblock: {
      bounds: [2800, 0, 3000, 2000],
      viewport: [0, 0, 2800, 2000],
      sheet_number: number,
      sheet_title: title,
    },
  };
}
const tag = (id: string, x: number, y: number, texts: string[]) => ({
  id,
  bbox: [x - 10, y - 10, x + 10, y + 10] as [number, number, number, number],
  circle: { center: [x, y] as [number, number], radius: 10 },
  texts_inside: texts.map((text, i) => ({ id: i, text })),
  has_dashed_bbox: false,
});

describe('sheet numbers', () => {
  it('normalises separators (and dots unless kept) and names the NCS discipline', () => {
    expect(normaliseSheetNumber('A-501')).toBe('A501');
    expect(normaliseSheetNumber('a 5.01')).toBe('A501');
    expect(normaliseSheetNumber('A5.01', { keepDots: true })).toBe('A5.01');
    expect(disciplineOf('S-201')).toBe('Structural');
    expect(disciplineOf('E400')).toBe('Electrical');
    expect(disciplineOf(null)).toBeNull();
  });
});

describe('page ranges', () => {
  it('reads pages, ranges and lists; rejects malformed ones naming page', () => {
    expect(parsePages('3')).toEqual([3]);
    expect(parsePages('1-3, 7')).toEqual([1, 2, 3, 7]);
    for (const bad of ['', 'x', '0', '3-1', '1-', '-2'])
      expect(() => parsePages(bad), bad).toThrow(
        expect.objectContaining({ code: 'VALIDATION_ERROR', details: { field: 'page' } }),
      );
    expect(() => parsePages('1-100000')).toThrow(expect.objectContaining({ code: 'UNPROCESSABLE' }));
    expect(() => checkPagesInDocument([1, 5], 4)).toThrow(
      expect.objectContaining({ code: 'PAGE_OUT_OF_RANGE', details: expect.objectContaining({ page_count: 4 }) }),
    );
  });
});

describe('text lines', () => {
  it('joins runs on one baseline with small gaps and splits at large ones', () => {
    const run = (str: string, x: number, y: number) => ({
      str,
      bbox: [x, y, x + str.length * 5, y + 10] as [number, number, number, number],
      size: 10,
      angle: 0,
    });
    const lines = textLines([run('SEE', 0, 0), run('3/A501', 20, 0), run('FAR', 400, 0), run('NEXT', 0, 30)]);
    expect(lines.map((l) => l.text)).toEqual(['SEE 3/A501', 'FAR', 'NEXT']);
  });
});

describe('extractSheet', () => {
  it('reads a plain sheet number under the bar of a tag symbol (sets numbered 1..n), and not a number over a number in loose text', () => {
    const section = (id: string, x: number, y: number, texts: string[]) => ({
      ...tag(id, x, y, texts),
      direction: 'left' as const,
      section_line: { start: [x, y] as [number, number], end: [x + 50, y] as [number, number] },
    });
    const a = analysis(
      { section_tags: [section('section-1', 100, 100, ['1', '1', '3']), section('section-2', 300, 100, ['4', '17'])] },
      '12',
      'GRUNDRISS',
    );
    const lines = [line('2', 600, 600), line('13', 598, 612)];
    const d = extractSheet({
      identity: identityOf(a),
      analysis: a,
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d.links.map((l) => [l.targetView, l.targetSheet, l.targetSheetNorm])).toEqual([
      ['1', '13', '13'],
      ['4', '17', '17'],
    ]);
  });

  it('reads tag callouts with their targets, a tag without a sheet as this sheet, and a view title with its tag', () => {
    const a = analysis({
      detail_tags: [
        tag('detail-1', 100, 100, ['3', 'A-501']),
        tag('detail-2', 300, 100, ['5']),
        tag('detail-3', 1000, 1000, ['2', 'S-201']),
      ],
    });
    const lines = [line('TYPICAL BEAM SECTION', 1020, 990), line('SCALE: 1/2" = 1\'-0"', 1020, 1004, 8)];
    const d = extractSheet({
      identity: identityOf(a),
      analysis: a,
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d).toMatchObject({ number: 'S-201', normNumber: 'S201', discipline: 'Structural' });
    expect(d.links.map((l) => [l.targetView, l.targetSheetNorm])).toEqual([
      ['3', 'A501'],
      ['5', 'S201'],
    ]);
    const view = d.entities.find((e) => e.type === 'View')!;
    expect(view).toMatchObject({ viewKey: '2', props: { title: 'TYPICAL BEAM SECTION', scale: '1/2" = 1\'-0"' } });
    expect(d.relationships.some((r) => r.type === 'SHOWN_ON' && r.source === view.key)).toBe(true);
  });

  it('reads text references, member marks, levels and grid mentions from notes; not on a legend sheet', () => {
    const lines = [
      line('SEE 3/A501 FOR W12x26 AT GRID C/4', 100, 300),
      line('REFER TO SHEET E400.', 100, 330),
      line('SIM. 5/A-401', 100, 360),
      line('T.O. STEEL EL. 112\'-6"', 100, 390),
      line('PT-1/PT-2', 100, 420),
    ];
    const bubbles = [
      { label: 'C', center: [50, 50] as [number, number], radius: 10 },
      { label: '4', center: [50, 90] as [number, number], radius: 10 },
    ];
    const d = extractSheet({
      identity: identityOf(analysis()),
      analysis: analysis(),
      lines,
      bubbles,
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d.links.map((l) => `${l.targetView}/${l.targetSheetNorm}`).sort()).toEqual([
      '3/A501',
      '5/A401',
      'null/E400',
    ]);
    expect(d.entities.filter((e) => e.type === 'MemberMark').map((e) => e.label)).toEqual(['W12X26']);
    expect(d.entities.filter((e) => e.type === 'Level').map((e) => e.label)).toHaveLength(1);
    expect(
      d.entities
        .filter((e) => e.type === 'GridLine')
        .map((e) => e.label)
        .sort(),
    ).toEqual(['GRID 4', 'GRID C']);
    const legend = extractSheet({
      identity: identityOf(analysis({}, 'G-001', 'SYMBOLS LEGEND')),
      analysis: analysis({}, 'G-001', 'SYMBOLS LEGEND'),
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(legend.links).toEqual([]);
  });

  it('reads a plain sheet number after the word SHEET when the note says where to look, and never the word as a sheet', () => {
    const lines = [
      line('SEE SHEET 13 (PLATE 18) FOR COMPLETE CONTROL JOINT DETAILS.', 100, 300),
      line('DET. ON SHEET 10', 100, 330),
      line('ON SHEET NO.23', 100, 360),
      line('NOTE: SEE DETAIL SHT 10', 100, 390),
      line('NOTE: FOR KITCHEN PLAN SEE SH. NO.5.', 100, 420),
      line('SHEET 10 OF 20', 100, 450),
      line('SEE MECH DWGS.', 100, 480),
    ];
    const d = extractSheet({
      identity: identityOf(analysis()),
      analysis: analysis(),
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d.links.map((l) => `${l.targetView}/${l.targetSheet}`).sort()).toEqual([
      'null/10',
      'null/10',
      'null/13',
      'null/23',
      'null/5',
    ]);
    // Every printed line is searchable as the sheet, after its heading (which alone counts for ranking).
    const sheet = d.entities.find((e) => e.type === 'Sheet')!;
    expect(sheet.text.split('\n')).toHaveLength(2);
    expect(sheet.text.split('\n')[1]).toContain('SEE MECH DWGS.');
  });

  it('reads a reference whose sheet is on the next line below, once; not a line elsewhere', () => {
    const lines = [
      line('DET. ON', 100, 300),
      line('SHEET 10', 100, 312),
      // A lead with nothing below it, and a SHEET line far from any lead.
      line('SEE DETAIL', 800, 300),
      line('SHEET 12', 1500, 900),
      // A second line that is a reference on its own is read alone.
      line('FLOOR. DUCT-SEE DETAIL', 100, 500),
      line('ON SHEET NO.23', 100, 512),
    ];
    const d = extractSheet({
      identity: identityOf(analysis()),
      analysis: analysis(),
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d.links.map((l) => `${l.targetView}/${l.targetSheet}`).sort()).toEqual(['null/10', 'null/23']);
    const two = d.entities.find((e) => e.type === 'Callout' && e.props.targetSheet === '10')!;
    expect(two.props.raw).toEqual(['DET. ON', 'SHEET 10']);
    expect(two.bbox[3]).toBe(322);
  });

  it("reads a manufacturer's product codes in view/sheet form as products, not a view on a sheet", () => {
    const lines = [
      line('SIMPSON A35/A35F', 100, 300),
      line('USE USP LUS26/LUS28 HANGERS', 100, 330),
      line('SEE 3/A501', 100, 360),
    ];
    const d = extractSheet({
      identity: identityOf(analysis()),
      analysis: analysis(),
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    expect(d.links.map((l) => `${l.targetView}/${l.targetSheet}`)).toEqual(['3/A501']);
  });

  it('ties notes at leaders to what they point at and to the marks they name; revisions to their clouds', () => {
    const a = analysis({
      leaders: [
        {
          id: 'leader-1',
          bbox: [0, 0, 200, 200],
          arrow_tip: [105, 205],
          text_bbox: [0, 0, 100, 10],
          texts_inside: [{ id: 0, text: 'HSS6x6x3/8 POST' }],
        },
      ],
      revision_triangles: [
        {
          id: 'rt',
          bbox: [500, 500, 520, 520],
          vertices: [
            [500, 520],
            [520, 520],
            [510, 500],
          ],
          text: '2',
        },
      ],
      revision_clouds: [{ id: 'rc', bbox: [90, 190, 140, 240] }],
    });
    const lines = [{ ...line('HSS6x6x3/8 POST', 0, 0), runs: [0] }, line('B3', 100, 200)];
    const d = extractSheet({
      identity: identityOf({ ...a, titleblock: { ...a.titleblock, sheet_number: 'S-301' } }),
      analysis: { ...a, titleblock: { ...a.titleblock, sheet_number: 'S-301' } },
      lines,
      bubbles: [],
      paths: [],
      page: 1,
      options: { keepDots: false },
    });
    const note = d.entities.find((e) => e.type === 'Note')!;
    const b3 = d.entities.find((e) => e.label === 'B3')!;
    expect(d.relationships.find((r) => r.type === 'POINTS_TO' && r.source === note.key)?.target).toBe(b3.key);
    const hss = d.entities.find((e) => e.label === 'HSS6X6X3/8')!;
    expect(d.relationships.some((r) => r.type === 'MENTIONS' && r.source === note.key && r.target === hss.key)).toBe(
      true,
    );
    const rev = d.entities.find((e) => e.type === 'Revision')!;
    expect(rev.label).toBe('REV 2');
    expect(d.relationships.some((r) => r.type === 'REVISED_IN' && r.source === b3.key && r.target === rev.key)).toBe(
      true,
    );
  });
});

describe('search terms', () => {
  it('drops question words and keeps marks, numbers and a grid letter', () => {
    expect(queryTerms('where is the W12x26 at grid C/4 detailed?')).toEqual(['w12x26', 'grid', 'c', '4']);
    expect(queryTerms('which sheets show the roof drains?')).toEqual(['roof', 'drains']);
  });

  it('keeps a member size the tokenizer splits as one phrase, and its tail as a word only where written apart', () => {
    expect(ftsMatch('where is the L4X4X1/4 beam used?')).toBe('"l4x4x1/4" OR "beam" OR "used"');
    expect(ftsMatch('where is the C10X15.3 with 3 bolts?')).toBe('"c10x15.3" OR "3" OR "bolts"');
    expect(ftsMatch('where is the W12x26 at grid C/4 detailed?')).toBe('"w12x26" OR "grid" OR "c" OR "4"');
    expect(ftsMatch('which sheet?')).toBeNull();
  });
});

/** The identity the page's Tier 1 title block names (these tests are about the rest of the reading). */
function identityOf(a: {
  titleblock: {
    sheet_number: string | null;
    sheet_title: string | null;
    bounds: [number, number, number, number] | null;
  };
}) {
  return {
    number: a.titleblock.sheet_number,
    title: a.titleblock.sheet_title,
    titleblock: a.titleblock.bounds,
    viewport: [0, 0, 3000, 2000] as [number, number, number, number],
    rules: { number: null, titleblock: null },
    index: [],
  };
}
