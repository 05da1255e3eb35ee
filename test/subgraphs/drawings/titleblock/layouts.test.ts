// Sheet identity per title-block layout family, on small sheets drawn here: each family the
// conventions describe (identity/README.md) with its number, title and block.
import { describe, expect, it } from 'vitest';
import { CLOSE, LINE, MOVE, type BBox, type PathGeom, type TextRun } from '../../../../core/geometry/types.ts';
import { readSheetIdentity, type IdentityInput } from '../../../../subgraphs/drawings/titleblock/index.ts';
import { sheetFrame } from '../../../../subgraphs/drawings/titleblock/frame.ts';
import { pageRulings } from '../../../../subgraphs/drawings/titleblock/rulings.ts';
import { titleblockAround } from '../../../../subgraphs/drawings/titleblock/titleblock.ts';

const W = 1224;
const H = 792;

/** A run of lettering with its baseline at y, left end at x, read left to right. */
const text = (str: string, x: number, y: number, size: number): TextRun => ({
  str,
  bbox: [x, y - size, x + 0.6 * size * str.length, y],
  size,
  angle: 0,
});

const path = (ops: number[], coords: number[]): PathGeom =>
  ({
    ops,
    coords,
    stroke: true,
    fill: false,
    lineWidth: 0.5,
    dash: null,
    strokeColor: '#000',
    fillColor: '#000',
    bbox: [
      Math.min(...coords.filter((_, i) => i % 2 === 0)),
      Math.min(...coords.filter((_, i) => i % 2 === 1)),
      Math.max(...coords.filter((_, i) => i % 2 === 0)),
      Math.max(...coords.filter((_, i) => i % 2 === 1)),
    ],
  }) as PathGeom;
const rect = ([x1, y1, x2, y2]: BBox) => path([MOVE, LINE, LINE, LINE, CLOSE], [x1, y1, x2, y1, x2, y2, x1, y2]);
const hline = (y: number, x1: number, x2: number) => path([MOVE, LINE], [x1, y, x2, y]);
const vline = (x: number, y1: number, y2: number) => path([MOVE, LINE], [x, y1, x, y2]);

/** The drawing area's lettering: notes of a typical size, so the title block's lettering stands out. */
const notes = (): TextRun[] =>
  Array.from({ length: 30 }, (_, i) =>
    text(`NOTE ${i + 1}: PROVIDE BLOCKING AT EACH JOIST`, 60 + (i % 3) * 300, 80 + Math.floor(i / 3) * 30, 7),
  );

const sheet = (texts: TextRun[], paths: PathGeom[]): IdentityInput => ({
  width: W,
  height: H,
  texts: [...notes(), ...texts],
  paths: [rect([18, 18, W - 18, H - 18]), ...paths],
});

const near = (a: BBox | null, b: BBox) => expect(a && a.map(Math.round)).toEqual(b);

describe('sheet identity by layout family', () => {
  it('NCS/UDS strip along the right edge: the sheet number the largest lettering in its lower corner, the title above it', () => {
    const page = sheet(
      [
        text('ARCHITECTS INC.', 1090, 60, 9),
        text('PROJECT', 1090, 200, 5),
        text('BLDG 28 RENOVATION', 1090, 212, 8),
        text('SHEET TITLE', 1090, 640, 5),
        text('FLOOR PLAN', 1090, 662, 14),
        text('LEVEL 1', 1090, 680, 14),
        text('SHEET NUMBER', 1090, 720, 5),
        text('A-101', 1090, 760, 30),
      ],
      [vline(1080, 18, H - 18), hline(190, 1080, W - 18), hline(630, 1080, W - 18), hline(710, 1080, W - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('A-101');
    expect(id.title).toBe('FLOOR PLAN LEVEL 1');
    expect(id.rules.number).toBe('labelled-field');
    expect(id.titleblock).not.toBeNull();
    expect(id.titleblock![0]).toBeCloseTo(1080, 0);
  });

  it('NCS strip without labels: the largest UDS-form lettering in the outer band is the number', () => {
    const page = sheet(
      [text('STRUCTURAL FRAMING', 1090, 690, 9), text('S2.01', 1090, 760, 28), text('1/8" = 1\'-0"', 1090, 600, 7)],
      [vline(1080, 18, H - 18), hline(670, 1080, W - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('S2.01');
    expect(id.rules.number).toBe('largest-uds');
    expect(id.title).toBe('STRUCTURAL FRAMING');
  });

  it('bottom strip: the number in its right-hand cell, the block the whole ruled strip', () => {
    const page = sheet(
      [
        text('OWNER', 40, 712, 5),
        text('CITY OF ST CLOUD', 40, 730, 9),
        text('ELECTRICAL SITE PLAN', 700, 740, 14),
        text('E400', 1110, 760, 32),
      ],
      [hline(700, 18, W - 18), vline(690, 700, H - 18), vline(1100, 700, H - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('E400');
    expect(id.title).toBe('ELECTRICAL SITE PLAN');
    near(id.titleblock, [18, 700, 1206, 774]);
  });

  it('ISO 7200 corner block with labelled fields: identification number and title', () => {
    const x = 850;
    const page = sheet(
      [
        text('Title', x + 6, 700, 5),
        text('Anchor plate details', x + 6, 716, 11),
        text('Identification number', x + 200, 700, 5),
        text('16083-BW2033', x + 200, 716, 12),
        text('Scale', x + 6, 740, 5),
        text('1:20', x + 6, 756, 8),
      ],
      [rect([x, 690, W - 18, H - 18]), hline(725, x, W - 18), vline(x + 190, 690, H - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('16083-BW2033');
    expect(id.title).toBe('Anchor plate details');
    expect(id.titleblock).not.toBeNull();
  });

  it('DIN stamp (German labels): Plan-Nr. taken as printed even when it reads like a date, Planinhalt as the title', () => {
    const x = 880;
    const page = sheet(
      [
        text('Bauvorhaben', x + 6, 640, 5),
        text('Neubau Wohnhaus', x + 6, 654, 8),
        text('Planinhalt', x + 6, 680, 5),
        text('Grundriss Erdgeschoss', x + 6, 696, 11),
        text('Plan-Nr.', x + 6, 730, 5),
        text('5.1.00', x + 6, 752, 14),
        text('Maßstab', x + 200, 730, 5),
        text('1:100', x + 200, 752, 8),
      ],
      [rect([x, 630, W - 18, H - 18]), hline(665, x, W - 18), hline(720, x, W - 18), vline(x + 190, 720, H - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('5.1.00');
    expect(id.title).toBe('Grundriss Erdgeschoss');
    near(id.titleblock, [880, 630, 1206, 774]);
  });

  it('GOST 2.104 main stamp: the designation under Обозначение, the name under Наименование', () => {
    const x = 680;
    const page = sheet(
      [
        text('Обозначение', x + 6, 650, 5),
        text('ГП-01', x + 6, 672, 16),
        text('Наименование', x + 6, 700, 5),
        text('Генеральный план', x + 6, 720, 11),
        text('Лист', x + 400, 700, 5),
        text('Листов', x + 450, 700, 5),
      ],
      [rect([x, 640, W - 18, H - 18]), hline(685, x, W - 18), vline(x + 390, 685, H - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('ГП-01');
    expect(id.title).toBe('Генеральный план');
  });

  it('a sheet plotted sideways (lettering turned a quarter): the block is found in the sheet frame and returned on the page as displayed', () => {
    // The right-edge strip sheet turned a quarter: display (x, y) = (y, W - x) of the upright sheet.
    const upright = sheet(
      [text('FLOOR PLAN', 1090, 662, 14), text('A-101', 1090, 760, 30)],
      [vline(1080, 18, H - 18), hline(630, 1080, W - 18)],
    );
    const turnPoint = (x: number, y: number): [number, number] => [y, W - x];
    const turnBox = (b: BBox): BBox => {
      const [p, q] = [turnPoint(b[0], b[1]), turnPoint(b[2], b[3])];
      return [Math.min(p[0], q[0]), Math.min(p[1], q[1]), Math.max(p[0], q[0]), Math.max(p[1], q[1])];
    };
    const turned: IdentityInput = {
      width: H,
      height: W,
      texts: upright.texts.map((t) => ({ ...t, bbox: turnBox(t.bbox), angle: -Math.PI / 2 })),
      paths: upright.paths.map((p) => {
        const coords = [...p.coords];
        for (let i = 0; i < coords.length; i += 2)
          [coords[i], coords[i + 1]] = turnPoint(p.coords[i]!, p.coords[i + 1]!);
        return path(p.ops, coords);
      }),
    };
    const id = readSheetIdentity(turned);
    expect(id.number).toBe('A-101');
    expect(id.title).toBe('FLOOR PLAN');
    // The strip (x >= 1080 upright) is the top band of the displayed page (y <= W - 1080).
    expect(id.titleblock).not.toBeNull();
    expect(id.titleblock![3]).toBeLessThanOrEqual(W - 1080 + 1);
  });

  it('a sheet with no title block and no number reads none (never a word from a legend)', () => {
    const id = readSheetIdentity(
      sheet([text('WALL TYPE LEGEND', 100, 400, 9), text('W1', 100, 420, 7), text('W2', 100, 440, 7)], []),
    );
    expect(id.number).toBeNull();
    expect(id.titleblock).toBeNull();
  });

  it('a stamp lettering its labels as captions under the values (DIN-style form): the line over PLANNUMMER and over PLAN', () => {
    // A right-hand column; its bottom rows: values on a writing line, the caption under it.
    const x = 900;
    const row = (y: number, cells: [string, string][]) =>
      cells.flatMap(([value, label], i) => [
        text(value, x + 5 + i * 100, y, 7),
        text(label, x + 5 + i * 100, y + 12, 6),
      ]);
    const page = sheet(
      [
        text('BAUHERR', x + 10, 100, 8),
        text('LANDESBETRIEB FUER STRASSENBAU', x + 80, 100, 8),
        ...row(700, [
          ['1:100', 'MASSSTAB'],
          ['Grundriss Erdgeschoss', 'PLAN'],
          ['22490_EBS_GR_00_004', 'PLANNUMMER'],
        ]),
        ...row(730, [
          ['H/B = 420/841', 'FORMAT'],
          ['10.06.2025', 'DATUM'],
          ['CA', 'GEZEICHNET'],
        ]),
      ],
      [vline(x, 18, H - 18), hline(702, x, W - 18), hline(732, x, W - 18), hline(690, x, W - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('22490_EBS_GR_00_004');
    expect(id.title).toBe('Grundriss Erdgeschoss');
  });

  it('a revision printed after the number in its field is not part of it; a date with the month named is never the title', () => {
    // A bottom strip as Asona's: title in the wide cell, number and date in the right-hand panel.
    const page = sheet(
      [
        text('Asona Triton Penetration Details', 230, 718, 12),
        text('Product:', 230, 740, 7),
        text('Drawing Number: QL-001 V3', 990, 740, 7),
        text('Drawing Date:', 990, 756, 7),
        text('May 2025', 1070, 756, 12),
      ],
      [hline(700, 18, W - 18), vline(220, 700, H - 18), vline(980, 700, H - 18)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('QL-001');
    expect(id.title).toBe('Asona Triton Penetration Details');
  });

  it('bottom strip found from the border alone when a cell edge ends on a row rule above the border (a copyright line under the fields)', () => {
    // No text layer in the block: the border's geometry gives it (border.ts).
    const paths = [hline(700, 18, W - 18), vline(260, 700, 760), hline(760, 260, 600), vline(980, 700, H - 18)];
    const id = readSheetIdentity(sheet([], paths));
    near(id.titleblock, [18, 700, 1206, 774]);
  });

  it("strokes of lettering beside the number (a stroked logo) are not taken for the block's sides", () => {
    // The block: the full-width strip; an 'l'-shaped stroke as tall as the number stands left of it.
    const page = sheet(
      [text('PROJECT NAME', 300, 740, 7), text('SHEET NUMBER', 1000, 722, 6), text('A-101', 1000, 760, 24)],
      [
        hline(700, 18, W - 18),
        vline(290, 700, H - 18),
        vline(990, 700, H - 18),
        vline(960, 738, 762),
        vline(940, 738, 762),
      ],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('A-101');
    expect(id.titleblock).not.toBeNull();
  });

  it('a title label is a whole word: PLANNUMMER labels the number, and the unlabelled cell beside it holds the title', () => {
    // A DIN stamp (ISO 7200 layout) whose title cell has no label: PHASE's value is its field, the title the rest.
    const x = 700;
    const page = sheet(
      [
        text('PHASE', x + 110, 690, 8),
        text('Ausführungsplanung', x + 110, 720, 20),
        text('PLANNUMMER', x + 340, 690, 8),
        text('5.1.00', x + 340, 720, 28),
        text('Grundriss', x + 120, 752, 20),
        text('Erdgeschoss', x + 120, 772, 20),
        text('MASSTAB', x + 340, 760, 8),
        text('1:50', x + 440, 760, 12),
      ],
      [
        rect([x, 680, W - 18, H - 18]),
        vline(x + 100, 680, H - 18),
        vline(x + 330, 680, H - 18),
        hline(728, x + 100, x + 330),
      ],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('5.1.00');
    expect(id.title).toBe('Grundriss Erdgeschoss');
  });

  it("a title's smaller qualifier after a word space set in the title's size belongs to it", () => {
    // 'FIRST FLOOR SCHEME' at 15 pt, then '(VSL)' at 11 pt, 6 pt on: more than half an em of the
    // qualifier (5.5), within half an em of the title (7.5).
    const title = text('FIRST FLOOR SCHEME', 330, 760, 15);
    const page = sheet(
      [
        text('PROJECT:', 330, 712, 6),
        text('PROPOSED RESIDENCE', 330, 726, 9),
        text('DRAWING TITLE :', 330, 744, 6),
        title,
        text('(VSL)', title.bbox[2] + 6, 760, 11),
      ],
      [rect([18, 700, W - 18, H - 18]), vline(320, 700, H - 18), vline(700, 700, H - 18)],
    );
    expect(readSheetIdentity(page).title).toBe('FIRST FLOOR SCHEME (VSL)');
  });

  it("without a number, the title is the largest lettering nearest the block's bottom-right corner (ISO 7200's identification zone), with its wrapped lines", () => {
    // A bottom strip of three cells: a telephone number, the office's logo lettering (as large as the
    // title and higher up), and the title in the right-hand cell.
    const strip = sheet(
      [text('800.700.3305', 60, 760, 36), text('Q-CAD', 520, 735, 30), text('WALL SECTIONS', 900, 762, 30)],
      [rect([18, 700, W - 18, H - 18]), vline(400, 700, H - 18), vline(780, 700, H - 18)],
    );
    expect(readSheetIdentity(strip).title).toBe('WALL SECTIONS');
    // A right-hand column whose title wraps over two lines: the line nearest the corner is its last.
    const column = sheet(
      [
        text('BAUVORHABEN:', 1040, 60, 14),
        text('NEUBAU EINFAMILIENHAUS', 1040, 90, 10),
        text('GRUNDRISS', 1040, 160, 14),
        text('ERDGESCHOSS', 1040, 178, 14),
        text('M 1:100', 1040, 210, 9),
      ],
      [vline(1030, 18, H - 18)],
    );
    expect(readSheetIdentity(column).title).toBe('GRUNDRISS ERDGESCHOSS');
  });

  it('a grid of details beside a strip without a number: the block is the strip beyond the outermost divider, not a detail cell', () => {
    // Full-height dividers at 800 (the detail grid's) and 1100 (the strip's). The detail cells' rules
    // end on the 1100 divider; the strip's cell rules run on to the border. The largest lettering is a
    // view title in a detail cell; the strip prints no title.
    const cells = [200, 400, 600].map((y) => hline(y, 800, 1100));
    const page = sheet(
      [text('BLOCKING AT POSTS', 900, 390, 14), text('TYPICAL VENT BLOCK', 900, 190, 14)],
      [vline(800, 18, H - 18), vline(1100, 18, H - 18), ...cells, hline(300, 1100, W - 18), hline(500, 1100, W - 18)],
    );
    const id = readSheetIdentity(page);
    near(id.titleblock, [1100, 18, 1206, 774]);
    expect(id.rules.titleblock).toBe('border-column');
    expect(id.title).toBeNull();
  });

  it('a strip with more rows than the nearest edges tried is bounded by its outer rules', () => {
    // A right-hand strip cut off at 1000 by a line across the border, its cells (a 30-row revision
    // table) ruled inside it: the box is the whole strip, not the 24 nearest rows' part of it.
    const rows = Array.from({ length: 30 }, (_, i) => hline(40 + 18 * i, 1006, W - 18));
    const paths = [rect([18, 18, W - 18, H - 18]), vline(1000, 18, H - 18), ...rows, hline(660, 1006, W - 18)];
    const frame = sheetFrame([], W, H);
    const anchor: BBox = [1010, 710, 1100, 740];
    near(titleblockAround(anchor, pageRulings(paths, frame), frame), [1000, 18, 1206, 774]);
  });

  it('a column of field rules without side lines: the nearest rule that is a row of the table, not a lone line running on into the margin', () => {
    // A student template: field rules from 1060 to 1196, short of the frame, no side lines; the rule
    // right over the number runs on past the frame (1206) into the margin, sharing no row's ends.
    const rows = Array.from({ length: 10 }, (_, i) => hline(300 + 40 * i, 1060, 1196));
    const page = sheet(
      [text('PIANTA E SEZIONI', 1070, 330, 8), text('A401', 1080, 750, 30)],
      [...rows, hline(700, 1060, W - 8)],
    );
    const id = readSheetIdentity(page);
    expect(id.number).toBe('A401');
    expect(id.rules.titleblock).toBe('rule-stack');
    near(id.titleblock, [1060, 300, 1196, 774]);
  });

  it('a line from page edge to page edge across a frame drawn inside the page is no side of the block', () => {
    // A grid axis at x = 1000 runs over the whole page, past the frame (18 pt inside the page); the
    // block is the column ruled at 1040 from 300 down to the frame, not the box the axis closes.
    const column = [vline(1040, 300, H - 18), hline(300, 1040, W - 18), hline(600, 1040, W - 18)];
    const paths = [rect([18, 18, W - 18, H - 18]), vline(1000, 0, H), ...column];
    const frame = sheetFrame([], W, H);
    const anchor: BBox = [1060, 700, 1150, 740];
    near(
      titleblockAround(anchor, pageRulings(paths, frame), frame, [], [18, 18, W - 18, H - 18]),
      [1040, 300, 1206, 774],
    );
  });

  it('hatching is no ruling: a hatched band across the sheet does not close a box with a row rule of the block', () => {
    // A section's hatch (lines 5 pt apart from 560 to 770) fills a band left of the block; one of
    // its lines lies on the block's row rule at 600, so together they rule the band's top across the sheet.
    const hatch = Array.from({ length: 43 }, (_, i) => hline(560 + 5 * i, 18, 1030));
    const column = [
      vline(1040, 300, H - 18),
      hline(300, 1040, W - 18),
      hline(400, 1040, W - 18),
      hline(600, 1040, W - 18),
    ];
    const paths = [rect([18, 18, W - 18, H - 18]), ...hatch, ...column];
    const frame = sheetFrame([], W, H);
    const anchor: BBox = [1060, 700, 1150, 740];
    near(titleblockAround(anchor, pageRulings(paths, frame), frame), [1040, 300, 1206, 774]);
  });

  it('a title block lettered as a column along the right edge with no rule: the column the drawing stops short of', () => {
    // A house builder's sheet: the project, the title and the contact lettered at 1040 down the
    // right edge, no line around them; the plan (its walls and a dimension line) ends at 980.
    const plan = [rect([100, 100, 900, 600]), vline(980, 60, 700), hline(620, 100, 980)];
    const lettering = [
      text('BAUVORHABEN:', 1040, 60, 16),
      text('NEUBAU EINFAMILIENHAUS', 1040, 90, 12),
      text('GRUNDRISS', 1040, 140, 16),
      text('ERDGESCHOSS', 1040, 160, 16),
      text('Kontakt', 1050, 700, 10),
      text('info@haus.de', 1050, 740, 10),
    ];
    const id = readSheetIdentity(sheet(lettering, plan));
    expect(id.rules.titleblock).toBe('unruled-column');
    near(id.titleblock, [1040, 18, 1206, 774]);
    expect(id.title).toBe('GRUNDRISS ERDGESCHOSS');
    // The same lettering where the plan runs on under it to the frame: no column, no block.
    const under = readSheetIdentity(sheet(lettering, [...plan, hline(650, 100, W - 18)]));
    expect(under.titleblock).toBeNull();
  });
});
