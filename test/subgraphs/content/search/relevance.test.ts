import { describe, expect, it } from 'vitest';
import {
  conceptTerms,
  conceptWeights,
  passageTerms,
  relevance,
} from '../../../../subgraphs/content/search/relevance.ts';
import { concepts } from '../../../../subgraphs/content/search/thesaurus.ts';

const passage = (text: string) => ({ section: '', heading: '', headingPath: '', text });

describe('relevance', () => {
  const wanted = concepts('wear a hard hat on site');
  const even = wanted.map(() => 1);

  it('counts a concept held in a synonym, and stays in [0, 1]', () => {
    const right = relevance(wanted, even, passage('Every employee must wear protective headwear on the site.'), 0, 0);
    expect(right).toBe(1);
    const none = relevance(wanted, even, passage('Ladders shall be inspected monthly.'), 0, 0);
    expect(none).toBeCloseTo(0.4);
  });

  it('weighs a rare concept above a common one', () => {
    // Of 1,000 passages, 900 say "site" and 5 say "headwear".
    const counts = {
      passages: 1000,
      counts: new Map([
        ['sit', 900],
        ['wear', 100],
        ['headwear', 5],
        ['protectiv', 40],
      ]),
    };
    expect(conceptTerms(wanted)).toEqual(expect.arrayContaining(['protectiv', 'headwear', 'sit']));
    const w = conceptWeights(wanted, counts);
    const rare = relevance(wanted, w, passage('protective headwear'), null, null);
    const common = relevance(wanted, w, passage('the site'), null, null);
    expect(rare).toBeGreaterThan(common);
    // Without counts every concept weighs the same.
    expect(conceptWeights(wanted, { passages: 0, counts: new Map() })).toEqual(even);
  });

  it('lists the distinct terms of a passage that coverage counts', () => {
    expect(
      passageTerms({
        section: '12.1',
        heading: 'Protective Headwear',
        headingPath: 'Personal Protective Equipment',
        text: 'The employer must provide headwear.',
      }),
    ).toEqual(expect.arrayContaining(['12.1', 'protectiv', 'headwear', 'employer', 'provid']));
  });
});
