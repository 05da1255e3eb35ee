import { describe, expect, it } from 'vitest';
import { THESAURUS, expandQuery } from '../../../../subgraphs/content/search/thesaurus.ts';

describe('expandQuery', () => {
  it('adds every other member of a group one of whose members the query uses', () => {
    const added = expandQuery('interstorey sway limit for earthquakes');
    expect(added).toEqual(expect.arrayContaining(['interstory', 'story drift', 'drift', 'lateral displacement', 'seismic']));
    // "interstorey" is its own word: it does not pull in the group of "storey".
    expect(added).not.toContain('floor level');
    expect(added).not.toContain('interstorey');
    expect(added).not.toContain('sway');
  });

  it('matches on stems and whole phrases, not on parts of a phrase', () => {
    expect(expandQuery('rebar rusting near the coast')).toEqual(expect.arrayContaining(['corrosion', 'durability', 'reinforcement']));
    // "lap" alone is not "lap splice" or "lap length".
    expect(expandQuery('a lap around the site')).toEqual([]);
    expect(expandQuery('overlapping bars')).toEqual(expect.arrayContaining(['lap splice', 'lap length', 'lapped splice']));
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
});
