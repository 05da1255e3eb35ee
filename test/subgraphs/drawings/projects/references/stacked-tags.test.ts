import { describe, expect, it } from 'vitest';
import { stackedTags } from '../../../../../subgraphs/drawings/projects/references/stacked-tags.ts';
import { tagTexts } from '../../../../../subgraphs/drawings/projects/extract.ts';
import type { TextLine } from '../../../../../subgraphs/drawings/projects/text-lines.ts';
import type { BBox } from '../../../../../core/geometry/types.ts';

const line = (text: string, bbox: BBox, size = 5, angle = 0): TextLine => ({ text, bbox, size, runs: [0], angle });
const pairs = (lines: TextLine[], taken: BBox[] = []) => stackedTags(lines, taken).map((t) => `${t.view.text}/${t.sheet.text}`);

describe('stacked tags (a view id across the bar from a sheet number)', () => {
  it('reads the view id over the sheet number, centred, reading the same way', () => {
    // As it-polimi's AutoCAD tags print them: "C" 2 pt above "A-301", both 4.8 pt.
    expect(pairs([line('C', [690, 243, 693, 248]), line('A-301', [685, 250, 697, 255])])).toEqual(['C/A-301']);
  });

  it('reads a tag turned a quarter (lettering reading up the sheet) and one turned with its far end (view id below)', () => {
    // Reading at -90°: "above" in the lettering's own frame is to the left on the page.
    const up = [line('B', [397, 503, 401, 506], 4.8, -Math.PI / 2), line('A-301', [404, 496, 408, 509], 4.8, -Math.PI / 2)];
    const below = [line('B-705', [315, 676, 330, 682], 5.8), line('B', [319, 681, 326, 692], 10.9)];
    expect(pairs(up)).toEqual(['B/A-301']);
    expect(pairs(below)).toEqual(['B/B-705']);
  });

  it('reads nothing where the pair is off centre, far apart, read differently, or already a Tier 1 tag', () => {
    expect(pairs([line('C', [640, 243, 643, 248]), line('A-301', [685, 250, 697, 255])])).toEqual([]);
    expect(pairs([line('C', [690, 200, 693, 205]), line('A-301', [685, 250, 697, 255])])).toEqual([]);
    expect(pairs([line('C', [690, 243, 693, 248], 5, Math.PI / 2), line('A-301', [685, 250, 697, 255])])).toEqual([]);
    expect(pairs([line('C', [690, 243, 693, 248]), line('A-301', [685, 250, 697, 255])], [[680, 240, 700, 260]])).toEqual([]);
    // A number over a plain number is a dimension or a level, not a tag.
    expect(pairs([line('3', [690, 243, 693, 248]), line('120', [685, 250, 697, 255])])).toEqual([]);
  });

  it('gives each view id to one sheet number only', () => {
    const lines = [line('A', [690, 243, 693, 248]), line('A-301', [685, 250, 697, 255]), line('A-302', [685, 236, 697, 241])];
    expect(pairs(lines)).toHaveLength(1);
  });

  it("tells a tag's view id from its sheet by form, whichever Tier 1 lists first", () => {
    expect(tagTexts(['A-301', 'D'])).toEqual(['D', 'A-301']);
    expect(tagTexts(['D', 'A-301'])).toEqual(['D', 'A-301']);
    expect(tagTexts(['3', '12'])).toEqual(['3', '12']);
  });
});
