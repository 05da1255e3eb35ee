import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QUESTIONS, THESAURUS, concepts, expandQuery } from '../../../../subgraphs/content/search/thesaurus.ts';

describe('expandQuery', () => {
  it('adds every other member of a group one of whose members the query uses', () => {
    const added = expandQuery('interstorey sway limit for earthquakes');
    expect(added).toEqual(
      expect.arrayContaining(['interstory', 'story drift', 'drift', 'lateral displacement', 'seismic']),
    );
    // "interstorey" is its own word: it does not pull in the group of "storey".
    expect(added).not.toContain('floor level');
    expect(added).not.toContain('interstorey');
    expect(added).not.toContain('sway');
  });

  it('matches on stems and whole phrases, not on parts of a phrase', () => {
    expect(expandQuery('rebar rusting near the coast')).toEqual(
      expect.arrayContaining(['corrosion', 'durability', 'reinforcement']),
    );
    // "lap" alone is not "lap splice" or "lap length".
    expect(expandQuery('a lap around the site')).toEqual([]);
    expect(expandQuery('overlapping bars')).toEqual(
      expect.arrayContaining(['lap splice', 'lap length', 'lapped splice']),
    );
    expect(expandQuery('earthquakes')).toContain('seismic');
  });

  it('adds nothing to a query outside the thesaurus', () => {
    expect(expandQuery('rain load on roofs')).toEqual([]);
  });

  it('has no member that appears in two groups, so one word never pulls in two meanings', () => {
    const seen = new Map<string, number>();
    THESAURUS.forEach((group, i) => {
      for (const m of group) {
        expect(seen.get(m.toLowerCase()), `"${m}" in groups ${seen.get(m.toLowerCase())} and ${i}`).toBeUndefined();
        seen.set(m.toLowerCase(), i);
      }
    });
  });

  it('gives every group and question rule a source', () => {
    const data = JSON.parse(
      fs.readFileSync(new URL('../../../../subgraphs/content/data/thesaurus.json', import.meta.url), 'utf8'),
    ) as { synonyms: { source: string }[]; questions: { source: string }[] };
    for (const g of [...data.synonyms, ...data.questions]) expect(g.source.length).toBeGreaterThan(10);
    expect(THESAURUS.length).toBe(data.synonyms.length);
    expect(QUESTIONS.length).toBe(data.questions.length);
  });
});

describe('questions', () => {
  it('reads "how far", "how long", "how deep" as the quantity a code states, one way only', () => {
    expect(expandQuery('how far from the fence')).toEqual(expect.arrayContaining(['distance']));
    expect(expandQuery('how long to keep forms in place')).toEqual(expect.arrayContaining(['period', 'duration']));
    expect(expandQuery('how deep are the piles')).toEqual(expect.arrayContaining(['depth', 'deep foundation']));
    // A passage's noun does not imply the question.
    expect(expandQuery('minimum distance to the edge')).toEqual([]);
    // "far" alone, without "how", asks for nothing.
    expect(expandQuery('far side of the slab')).toEqual([]);
  });
});

describe('concepts', () => {
  it('splits a query into what it asks for: question phrases, each synonym the query uses, then its other content words', () => {
    const cs = concepts('how far must a metal stud building be from a bomb');
    expect(cs.map((c) => c.words)).toEqual([['far'], ['bomb'], ['metal'], ['stud'], ['build']]);
    expect(cs[0]!.alternatives).toContainEqual(['distanc']);
    expect(cs[1]!.alternatives).toEqual(expect.arrayContaining([['bomb'], ['explosiv'], ['blast']]));
    // Question and function words are no concept: "how", "must", "be", "from", "a".
    expect(cs.flatMap((c) => c.words)).not.toContain('must');
  });

  it('keeps two members of one group as two concepts, each met by itself or by a member the query did not use', () => {
    const cs = concepts('punching shear critical perimeter');
    expect(cs.map((c) => c.words)).toEqual([
      ['punch', 'shear'],
      ['critical', 'perimeter'],
    ]);
    expect(cs[1]!.alternatives).toContainEqual(['control', 'perimeter']);
    expect(cs[1]!.alternatives).not.toContainEqual(['punch', 'shear']);
  });

  it('reads a member inside a longer one the query uses as part of it, not as a second concept', () => {
    const cs = concepts('minimum concrete cover');
    // "cover" is a member of the group of "concrete cover": one concept, which a passage saying "cover" meets.
    expect(cs.map((c) => c.words)).toEqual([['concret', 'cover'], ['minimum']]);
    expect(cs[0]!.alternatives).toEqual(expect.arrayContaining([['concret', 'cover'], ['cover'], ['clear', 'cover']]));
  });
});
