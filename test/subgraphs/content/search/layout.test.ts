import { describe, expect, it } from 'vitest';
import type { TextRun } from '../../../../core/geometry/types.ts';
import { layoutPages, type PageText } from '../../../../subgraphs/content/search/layout.ts';
import {
  clauseChain,
  follows,
  lineStart,
  parentsOf,
  parseNumber,
} from '../../../../subgraphs/content/search/numbering.ts';
import { passagesOf } from '../../../../subgraphs/content/search/passages.ts';

const WORDS = ['Glazing', 'Doors', 'Roofs', 'Walls', 'Stairs', 'Mail rooms'];
const run = (str: string, x: number, y: number, size = 10): TextRun => ({
  str,
  bbox: [x, y - size, x + str.length * 0.5 * size, y],
  size,
  angle: 0,
});

/** A page with a three-line running header, a footer "SECTION 9 Page <label>", and body lines. */
function page(n: number, label: string, body: string[], extra: TextRun[] = []): PageText {
  const runs = [
    run('UFC 9-999-99', 450, 40),
    run('1 January 2020', 440, 52),
    run('Change 1, 2 February 2021', 400, 64),
  ];
  body.forEach((l, i) => runs.push(run(l, 72, 120 + i * 14)));
  runs.push(run(label, 300, 760));
  return { page: n, width: 612, height: 792, runs: [...runs, ...extra] };
}

describe('layout', () => {
  it('sets apart running headers and footers that recur page after page, and reads their page label', () => {
    const pages = Array.from({ length: 6 }, (_, i) =>
      page(i + 1, i < 2 ? ['i', 'ii'][i]! : String(i - 1), [`${WORDS[i]} must resist the blast.`]),
    );
    const laid = layoutPages(pages);
    expect(laid.every((p) => p.lines.length === 1 && p.furniture.length === 4)).toBe(true);
    const passages = passagesOf(pages);
    expect(passages.map((p) => p.pageLabel)).toEqual(['i', 'ii', '1', '2', '3', '4']);
    expect(passages.some((p) => /UFC 9|January|Change 1/.test(p.text))).toBe(false);
  });

  it('keeps a bare "CHAPTER n" that opens each page (one short chapter a page) as a heading, not a running head', () => {
    const pages = Array.from({ length: 6 }, (_, i) =>
      page(i + 1, String(i + 1), [`${WORDS[i]} must resist the blast.`], [run(`CHAPTER ${i + 3}`, 260, 100)]),
    );
    const laid = layoutPages(pages);
    expect(laid.map((p) => p.lines[0]!.text)).toEqual([
      'CHAPTER 3',
      'CHAPTER 4',
      'CHAPTER 5',
      'CHAPTER 6',
      'CHAPTER 7',
      'CHAPTER 8',
    ]);
    // A running head that names its chapter on each of the chapter's pages is still furniture.
    const running = Array.from({ length: 6 }, (_, i) =>
      page(i + 1, String(i + 1), [`${WORDS[i]} must resist the blast.`], [run(`CHAPTER ${i < 3 ? 3 : 4}`, 260, 100)]),
    );
    expect(layoutPages(running).every((p) => p.lines.length === 1)).toBe(true);
  });

  it('reads two columns left then right when most pages share a gutter', () => {
    const pages = Array.from({ length: 4 }, (_, i) =>
      page(
        i + 1,
        String(i + 1),
        [],
        Array.from({ length: 12 }, (_, k) => [
          run(`left ${WORDS[(i + k) % 6]} rule ${k}`, 60, 140 + k * 14),
          run(`right ${WORDS[(i + k) % 6]} règle ${k}`, 330, 140 + k * 14),
        ]).flat(),
      ),
    );
    const lines = layoutPages(pages)[0]!.lines.map((l) => l.text);
    expect(lines.slice(0, 12).every((t) => t.startsWith('left'))).toBe(true);
    expect(lines.slice(12).every((t) => t.startsWith('right'))).toBe(true);
  });

  it("splits a page whose gutter a table's cells reach into when its right column's lines stand flush at the column margin", () => {
    // Columns: left text runs to x 300, the right column starts at x 331 (a gutter at about 315).
    const column = (i: number, k: number) => [
      run(`left ${WORDS[(i + k) % 6]} rule ${k}`.padEnd(48, '.'), 60, 140 + k * 14),
      run(`right ${WORDS[(i + k) % 6]} line ${k}`, 331, 140 + k * 14),
    ];
    const pages = Array.from({ length: 4 }, (_, i) =>
      page(i + 1, String(i + 1), [], Array.from({ length: 12 }, (_, k) => column(i, k)).flat()),
    );
    // Page 5: the left column is a table; three of its cells run across the gutter (to x 328); the right column stays flush at x 331.
    const table = Array.from({ length: 12 }, (_, k) => [
      run(`${k + 1}. Room ${k}`, 60, 140 + k * 14),
      run('M', 200, 140 + k * 14),
      run(k < 3 ? 'x | 0 | x1' : 'x', 278, 140 + k * 14),
    ]).flat();
    const right = Array.from({ length: 12 }, (_, k) =>
      run(`right prose ${WORDS[k % 6]} continues ${k}`, 331, 140 + k * 14),
    );
    pages.push(page(5, '5', [], [...table, ...right]));
    const lines = layoutPages(pages)[4]!.lines.map((l) => l.text);
    expect(lines.filter((t) => t.startsWith('right prose'))).toHaveLength(12);
    expect(lines.findIndex((t) => t.startsWith('right prose'))).toBeGreaterThan(
      lines.findLastIndex((t) => /Room/.test(t)),
    );
  });

  it('drops the upright running head of a page turned to read a sideways figure, and reads its page label', () => {
    const pages = Array.from({ length: 5 }, (_, i) =>
      page(i + 1, String(i + 1), [`${WORDS[i]} must resist the blast.`]),
    );
    // Page 6: the running head and footer upright, the figure's caption set sideways (most of the text).
    const caption = 'Figure 3-4. Sample Asset Value / Aggressor Likelihood Worksheet';
    const sideways: TextRun = { str: caption, bbox: [43, 182, 55, 568], size: 12, angle: -Math.PI / 2 };
    pages.push(page(6, '6', [], [sideways]));
    const laid = layoutPages(pages);
    expect(laid[5]!.lines.map((l) => l.text)).toEqual([caption]);
    expect(passagesOf(pages).find((p) => p.page === 6)).toMatchObject({ pageLabel: '6', text: caption });
  });

  it('reads a page set sideways in its reading direction', () => {
    // Text running upwards (angle -90°): a landscape table on a portrait page.
    const sideways: TextRun[] = ['first row', 'second row'].map((s, i) => ({
      str: s,
      bbox: [100 + i * 14, 500, 110 + i * 14, 600],
      size: 10,
      angle: -Math.PI / 2,
    }));
    const [p] = layoutPages([{ page: 1, width: 612, height: 792, runs: sideways }]);
    expect(p!.lines.map((l) => l.text)).toEqual(['first row', 'second row']);
  });
});

describe('numbering', () => {
  it('parses the common schemes and refuses sentences about tables', () => {
    expect(lineStart('3-11.2 Exterior Stairwells, Vestibules.')).toMatchObject({ kind: 'clause', label: '3-11.2' });
    expect(lineStart('B-2.1.3 | Minimum Standoff Distance.')).toMatchObject({ kind: 'clause', label: 'B-2.1.3' });
    expect(lineStart('[1.6.2.1 Formwork')).toMatchObject({ kind: 'clause', label: '1.6.2.1' });
    expect(lineStart('12.1 (1) Subject to subsection (2), if')).toMatchObject({ kind: 'clause', label: '12.1' });
    expect(lineStart('C4.2 Stability')).toMatchObject({ kind: 'clause', label: 'C4.2' });
    expect(lineStart('Table 5-2a – General Basis for SNBI Coding')).toMatchObject({
      kind: 'caption',
      label: 'Table 5-2a',
    });
    expect(lineStart('Figure 3-1 –Maximum Allowable Scour Depth')).toMatchObject({
      kind: 'caption',
      label: 'Figure 3-1',
    });
    expect(lineStart('PART 2 PRODUCTS')).toMatchObject({ kind: 'structural', label: 'Part 2' });
    expect(lineStart('Table 10-1 generally provides trigger elevations')).toBeNull();
    expect(lineStart('1.5 times the nominal stone size')).toBeNull();
    expect(lineStart('1-5.2 Existing Buildings........................ 2')).toBeNull();
  });

  it('keeps the numbers that follow the document order, not table values', () => {
    const labels = ['1-1', '1-2', '0.90', '1-2.1', '50.8', '1-2.2', '2-1', 'A-1', 'A-1.1', '1607.9', 'B-1'];
    const chain = clauseChain(labels.map(parseNumber));
    expect(labels.filter((_, i) => chain.has(i))).toEqual([
      '1-1',
      '1-2',
      '1-2.1',
      '1-2.2',
      '2-1',
      'A-1',
      'A-1.1',
      'B-1',
    ]);
    // Zero-padded sections: 12.1 after 12.09 is section 12.10.
    const padded = new Set(['0:12']);
    expect(follows(parseNumber('12.09'), parseNumber('12.1'), padded)).toBe(true);
    expect(follows(parseNumber('3.9'), parseNumber('3.10'))).toBe(true);
    expect(parentsOf('3-11.2')).toEqual(['3-11']);
    expect(parentsOf('3.14.3.10')).toEqual(['3.14', '3.14.3']);
    expect(parentsOf('B-2.1.3')).toEqual(['B-2', 'B-2.1']);
  });

  it('gives each passage its clause, heading and heading path; numbers in table cells stay in the table', () => {
    const pages = [
      page(1, '1', ['3-11 STANDARD 10. GLAZING.', 'Glazing must comply.', '3-11.1 Glazing.', 'Use laminated glass.']),
      page(2, '2', [
        'Table 3-1. Standoff',
        '0.90 Very low  |  12 ft',
        '3-11.2 Exterior Stairwells. Stairwells are',
        'exempt from this standard.',
      ]),
      page(3, '3', ['3-12 STANDARD 11. BUILDING ENTRANCE LAYOUT.', 'Screen the entrance.']),
    ];
    const ps = passagesOf(pages);
    expect(ps.find((p) => p.section === '3-11.2')).toMatchObject({
      page: 2,
      pageLabel: '2',
      heading: 'Exterior Stairwells',
      headingPath: 'STANDARD 10. GLAZING',
      contentType: 'text',
    });
    expect(ps.find((p) => p.section === 'Table 3-1')).toMatchObject({ contentType: 'table', heading: 'Standoff' });
    expect(ps.find((p) => p.section === 'Table 3-1')!.text).toContain('0.90 Very low');
    expect(ps.some((p) => p.section === '0.90')).toBe(false);
  });
});
