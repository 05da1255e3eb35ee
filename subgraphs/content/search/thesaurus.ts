// A structural-engineering thesaurus for query expansion. Codes say the same
// thing in different words on each side of the Atlantic (story / storey,
// development / anchorage length, strength reduction / partial / capacity
// reduction factor), and engineers' clients say it in lay words ("sway",
// "rusting", "pull out"). Neither BM25 nor a hashing embedder can bridge a
// word that does not occur in the passage, so a query that uses one member of
// a group is also searched with the others. Each group is a set of
// interchangeable words or phrases, matched on stems, in any order of groups.
import { stem, tokens } from './embed.ts';

export const THESAURUS: readonly (readonly string[])[] = [
  // Buildings and members
  ['story', 'storey', 'floor level'],
  ['interstory', 'interstorey', 'story drift'],
  ['column', 'pillar', 'post'],
  ['beam', 'girder', 'joist'],
  ['flat plate', 'flat slab', 'two-way slab'],
  ['rebar', 'reinforcing bar', 'reinforcement', 'deformed bar'],
  ['bolt', 'fastener'],
  ['angle', 'single angle'],
  // Actions
  ['earthquake', 'seismic', 'quake'],
  ['gust', 'wind speed', 'basic wind speed'],
  ['snow', 'snow load'],
  ['live load', 'imposed load', 'occupancy load'],
  ['tributary area', 'influence area', 'area supported'],
  ['load combination', 'combinations of actions', 'factored load'],
  // Behaviour and checks
  ['drift', 'sway', 'lateral displacement'],
  ['sideways', 'lateral', 'horizontal'],
  ['deflection', 'deflect', 'sag', 'sagging'],
  ['finishes', 'partitions', 'nonstructural elements', 'elements likely to be damaged'],
  ['punching shear', 'punch', 'two-way shear', 'critical perimeter', 'control perimeter'],
  ['development length', 'anchorage length', 'embedment length', 'anchorage', 'pull out', 'pullout'],
  ['lap splice', 'lap length', 'overlap', 'lapped splice'],
  ['crack width', 'cracking', 'crack control'],
  ['tearout', 'tear out', 'edge distance'],
  ['shear lag', 'effective net area', 'net section efficiency'],
  ['slender column', 'slenderness', 'second-order effects', 'moment magnification'],
  // Materials and durability
  ["young's modulus", 'modulus of elasticity', 'elastic modulus'],
  ['cover', 'concrete cover', 'clear cover'],
  ['rust', 'rusting', 'corrosion', 'corrode', 'durability'],
  ['seaside', 'coastal', 'marine', 'sea', 'seawater', 'salt', 'chloride', 'shore', 'tidal'],
  ['exposure', 'exposure class', 'exposure classification', 'environment'],
  ['open countryside', 'open terrain', 'exposure category', 'terrain category', 'surface roughness'],
  ['fire rating', 'fire resistance', 'fire-resistance level', 'fire resistance period'],
  ['heat', 'elevated temperature', 'high temperature', 'weaken', 'retention factor'],
  // Safety format
  ['safety factor', 'partial factor', 'material factor', 'resistance factor', 'strength reduction factor', 'capacity reduction factor'],
];

/** The embedder's stem, folded further so that earthquake/earthquakes and lap/lapped meet. */
function conflate(word: string): string {
  const s = stem(word).replace(/e$/, '');
  return /([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss|zz)$/.test(s) ? s.slice(0, -1) : s;
}

const stems = (text: string) => tokens(text).map(conflate);

function contains(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return needle.length > 0;
  }
  return false;
}

/**
 * The words and phrases a query implies but does not say: every other member
 * of each group one of whose members occurs in the query.
 * @example expandQuery('interstorey sway limit') // → ['story', 'storey', 'floor level', 'interstory', …, 'drift', …]
 */
export function expandQuery(query: string, thesaurus: readonly (readonly string[])[] = THESAURUS): string[] {
  const words = stems(query);
  const out = new Set<string>();
  for (const group of thesaurus) {
    const members = group.map((m) => ({ m, s: stems(m) }));
    if (!members.some(({ s }) => contains(words, s))) continue;
    for (const { m, s } of members) if (!contains(words, s)) out.add(m);
  }
  return [...out];
}
