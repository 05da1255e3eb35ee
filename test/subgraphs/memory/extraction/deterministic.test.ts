import { describe, expect, it } from 'vitest';
import {
  extractDeterministic,
  splitSentences,
  wordedChange,
} from '../../../../subgraphs/memory/extraction/deterministic.ts';
import { findMentions } from '../../../../subgraphs/memory/extraction/mentions.ts';

const extract = (content: string, role = 'Maria') =>
  extractDeterministic({ content, role, roleType: 'user', name: '', timestamp: '2026-01-01T00:00:00Z' });
const kinds = (text: string) => findMentions(text).map((m) => [m.name, m.kind]);

describe('mentions', () => {
  it('finds what structural engineers talk about', () => {
    expect(kinds('Check punching shear at column C7 per ACI 318-19 §22.6 with #5 bars @ 12" o.c.')).toEqual([
      ['punching shear', 'element'],
      ['column C7', 'member'],
      ['ACI 318-19 §22.6', 'code'],
      ['#5 bars @ 12" o.c.', 'rebar'],
    ]);
    expect(kinds('Beam B3 at grid C-4 is a W12x26; the chords are HSS8x8x1/2 per AISC 360-16.')).toEqual([
      ['Beam B3', 'member'],
      ['grid C-4', 'grid'],
      ['W12x26', 'member_size'],
      ['HSS8x8x1/2', 'member_size'],
      ['AISC 360-16', 'code'],
    ]);
    expect(kinds('The snow load at Level 3 is 30 psf and the limit is L/360 on sheet S-201.')).toEqual([
      ['snow load', 'element'],
      ['Level 3', 'level'],
      ['30 psf', 'quantity'],
      ['L/360', 'ratio'],
      ['S-201', 'sheet'],
    ]);
    expect(kinds('Thornton Structural Engineers designs the "north stair" of Ashford Tower in ETABS.')).toEqual([
      ['Thornton Structural Engineers', 'organisation'],
      ['north stair', 'quoted'],
      ['Ashford Tower', 'project'],
      ['ETABS', 'software'],
    ]);
  });

  it('skips sentence openers and pronouns that are capitalised but not names', () => {
    expect(kinds('Thanks. Please check It again. Noted.')).toEqual([]);
  });
});

describe('deterministic extractor', () => {
  it('splits sentences without breaking clause numbers', () => {
    expect(splitSentences('Use ACI 318-19 §22.5.1.1 here. Then check it! Done')).toEqual([
      'Use ACI 318-19 §22.5.1.1 here.',
      'Then check it!',
      'Done',
    ]);
  });

  it('makes the speaker an entity and rewrites the first person in facts', () => {
    const x = extract('I work at Thornton Structural Engineers.');
    expect(x.entities[0]).toEqual({ name: 'Maria', kind: 'speaker' });
    expect(x.facts).toEqual([
      {
        source: 'Maria',
        target: 'Thornton Structural Engineers',
        relation: 'WORKS_AT',
        fact: 'Maria work at Thornton Structural Engineers.',
        replaces: null,
        ends: null,
        context: ['Thornton Structural Engineers'],
      },
    ]);
  });

  it("a full name starting with the speaker's name in their own message is the speaker", () => {
    const x = extract('Omar Haddad here from Halcrow Partners.', 'Omar');
    expect(x.facts[0]).toMatchObject({ source: 'Omar', target: 'Halcrow Partners' });
    expect(x.entities.map((e) => e.name)).toEqual(['Omar', 'Halcrow Partners']);
  });

  it('names relations from verbs; the member, not its grid, is the subject', () => {
    const [fact] = extract('Beam B3 at grid C-4 uses a W12x26.').facts;
    expect(fact).toMatchObject({ source: 'Beam B3', target: 'W12x26', relation: 'USES' });
    expect(extract('The slabs are designed to ACI 318-19.').facts[0]).toMatchObject({
      source: 'slab',
      target: 'ACI 318-19',
      relation: 'IS_DESIGNED_TO',
    });
  });

  it('marks replacements and endings for invalidation', () => {
    expect(extract('We replaced the W12x26 with a W14x30 for beam B3.').facts[0]).toMatchObject({
      source: 'beam B3',
      target: 'W14x30',
      replaces: 'W12x26',
    });
    expect(extract('The beam was upsized from the W18x50 to a W21x62.').facts[0]).toMatchObject({
      target: 'W21x62',
      replaces: 'W18x50',
    });
    expect(extract('Omar no longer works at Halcrow Partners.').facts[0]).toMatchObject({
      source: 'Omar',
      target: 'Halcrow Partners',
      relation: 'NO_LONGER_WORKS_AT',
      ends: 'WORKS_AT',
    });
  });

  it('gives one fact per clause when each clause has its own subject and verb, one for the sentence otherwise', () => {
    const facts = extract(
      'The moment frame columns are W10x49 and the beam is a W18x50, designed to AISC 341-16.',
    ).facts;
    expect(facts.map((f) => [f.source, f.target, f.fact])).toEqual([
      ['column', 'W10x49', 'The moment frame columns are W10x49'],
      ['beam', 'W18x50', 'the beam is a W18x50, designed to AISC 341-16.'],
    ]);
    // "and the topping" has no verb of its own: one fact.
    expect(extract('The double tees and the topping are 24 in deep.').facts).toHaveLength(1);
    // A clause without a fact of its own keeps the sentence whole (the ending needs its object).
    expect(extract('Kenji no longer works on the fatigue checks; Ana Ruiz took them over.', 'Tom').facts).toEqual([
      expect.objectContaining({ source: 'Kenji', target: 'Ana Ruiz', ends: 'REVIEWS' }),
    ]);
  });

  it('a person "at" a firm is two mentions, and the person is the subject', () => {
    expect(kinds('Kenji Sato at Alder and Finch Engineers is checking the details.')).toEqual([
      ['Kenji Sato', 'name'],
      ['Alder and Finch Engineers', 'organisation'],
    ]);
    expect(
      extract('Kenji Sato at Alder and Finch Engineers is checking the floor beam connections.', 'Tom').facts[0],
    ).toMatchObject({ source: 'Kenji Sato', relation: 'REVIEWS' });
  });

  it('reads a change between values said only in words, never across mentions', () => {
    expect(
      extract('We switched the topping rebar from epoxy-coated to galvanized bars after a cost review.', 'Omar')
        .facts[0],
    ).toMatchObject({
      source: 'rebar',
      target: 'galvanized bars',
      relation: 'CHANGED_TO',
      replacesText: 'epoxy-coated',
    });
    expect(
      wordedChange(
        'The girder was changed from the W18x50 to a W21x62.',
        findMentions('The girder was changed from the W18x50 to a W21x62.'),
      ),
    ).toBeNull();
    expect(extract('The slab spans from grid A to grid C.').facts[0]?.replacesText).toBeUndefined();
  });

  it('"the beam" after a sentence naming one beam is that beam; after two, or without a determiner, it stays a bare word', () => {
    expect(
      extract('Beam B1 along grid line 2 is a W16x31. The beam was later upsized to a W18x40.').facts[1],
    ).toMatchObject({ source: 'Beam B1', target: 'W18x40' });
    expect(
      extract('Beam B1 is a W16x31 and beam B2 is a W18x35. The beam was later upsized to a W18x40.').facts.at(-1),
    ).toMatchObject({ source: 'beam' });
    expect(extract('Column C2 is a W12x65. The beam was upsized to a W18x40.').facts[1]).toMatchObject({
      source: 'beam',
    });
    expect(extract('Beam B1 is a W16x31. Every beam was upsized to a W18x40.').facts[1]).toMatchObject({
      source: 'beam',
    });
  });

  it('names the things a replacement is about, for anchoring it', () => {
    expect(extract('The moment frame beam was upsized from the W18x50 to a W21x62.').facts[0]).toMatchObject({
      replaces: 'W18x50',
      context: ['moment frame', 'beam'],
    });
    expect(
      extract('With the heavier deck the chords were upsized from the HSS8x8x1/2 to HSS10x10x5/8.').facts[0],
    ).toMatchObject({ replaces: 'HSS8x8x1/2', context: [] });
  });

  it('gives no fact for a sentence that names nothing but the speaker, and none twice the same entity', () => {
    expect(extract('Thanks, that sounds good to me.').facts).toEqual([]);
  });
});
