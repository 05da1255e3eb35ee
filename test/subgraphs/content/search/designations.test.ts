// The names a document prints for itself (designations.ts): designations and titles from its
// running heads and cover, not from documents its pages cite.
import { describe, expect, it } from 'vitest';
import type { TextRun } from '../../../../core/geometry/types.ts';
import { designationsIn } from '../../../../subgraphs/content/search/designations.ts';
import { readDocument, type PageText } from '../../../../subgraphs/content/search/passages.ts';

describe('designations', () => {
  it('reads a publisher abbreviation with its number, year or part, and a regulation cited by number over year', () => {
    expect(designationsIn('UFC 4-010-01')).toEqual(['UFC 4-010-01']);
    expect(designationsIn('IS : 3043 - 1987')).toEqual(['IS : 3043 - 1987']);
    expect(designationsIn('IS 3043 (1987): Code of practice for earthing')).toEqual(['IS 3043 (1987)']);
    expect(designationsIn('IS 875 (Part 3) : Draft')).toEqual(['IS 875 (Part 3)']);
    expect(designationsIn('ASCE/SEI 7-22 Minimum Design Loads')).toEqual(['ASCE/SEI 7-22']);
    expect(designationsIn('NECB 2025 Division B')).toEqual(['NECB 2025']);
    expect(designationsIn('USACE / NAVFAC / AFCEC | UFGS-03 30 00 (February 2019)')).toEqual(['UFGS-03 30 00']);
    expect(designationsIn('SOR/86-304')).toEqual(['SOR/86-304']);
    expect(designationsIn('Alberta Regulation 191/2021')).toEqual(['Alberta Regulation 191/2021']);
    expect(designationsIn('O. Reg. 213/91')).toEqual(['O. Reg. 213/91']);
    // Division words are not publishers.
    expect(designationsIn('PART 2 PRODUCTS')).toEqual([]);
    expect(designationsIn('SECTION 03 30 00 Page 5')).toEqual([]);
  });

  it("learns the cover's designation and title and the running head's, not a designation the title page's text cites", () => {
    const run = (str: string, x: number, y: number, size = 10): TextRun => ({
      str,
      bbox: [x, y - size, x + str.length * 0.5 * size, y],
      size,
      angle: 0,
    });
    const cover: PageText = {
      page: 1,
      width: 612,
      height: 792,
      runs: [
        run('UFC 3-301-01', 200, 200, 28),
        run('STRUCTURAL ENGINEERING', 150, 260, 22),
        run('Prepared in accordance with MIL-STD 3007 by the services.', 72, 600),
      ],
    };
    const body = (n: number): PageText => ({
      page: n,
      width: 612,
      height: 792,
      runs: [
        run('UFC 3-301-01', 72, 40, 8),
        run(`1-${n} GENERAL. This chapter applies to every structure.`, 72, 200),
        run(`Page ${n}`, 300, 760, 8),
      ],
    });
    const { designations } = readDocument([cover, body(2), body(3), body(4), body(5)]);
    expect(designations).toContain('UFC 3-301-01');
    expect(designations).toContain('STRUCTURAL ENGINEERING');
    expect(designations).not.toContain('MIL-STD 3007');
  });
});
