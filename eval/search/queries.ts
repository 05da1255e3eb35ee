/**
 * The judged query set for the default synthetic corpus.
 *
 * Judgments are written against clause numbers, not page numbers, and
 * resolved to pages through the truth (the same synchronous layout that
 * generateCode uses), so they cannot drift when a generator change moves a
 * clause to another page. Grades:
 *
 *   2: a page holding a clause, table, equation or figure that answers the query;
 *   1: a related page: any other page of the same section as an answer, and
 *      pages named in `related` (a clause, a whole section, or a defined term).
 *
 * A page gets the highest grade any rule gives it. `paraphrase` marks queries
 * worded the way a user would say it rather than the way the clause says it;
 * the corpus test checks that fewer than half of their content words occur
 * in the answering text, so lexical search alone cannot be expected to solve them.
 */
import { defaultCorpus, layoutCode } from './corpus/index.ts';
import type { CodeLayout } from './corpus/index.ts';

export type QueryKind = 'simple' | 'complex' | 'clause_ref';

export interface Judgment {
  fileId: string;
  page: number;
  grade: 1 | 2;
}

export interface Query {
  id: string;
  query: string;
  kind: QueryKind;
  relevant: Judgment[];
}

/** A printed number ("22.5.5.1", "Table 12.12-1", "(6.2.a)"), a whole section, or a defined term. */
export type Ref =
  { fileId: string; number: string } | { fileId: string; section: string } | { fileId: string; term: string };

export interface QuerySpec {
  id: string;
  query: string;
  kind: QueryKind;
  /** Grade 2; their sections' other pages become grade 1. */
  answers: { fileId: string; number: string }[];
  related: Ref[];
  paraphrase: boolean;
}

const ACI = 'aci-318-19';
const ASCE = 'asce-7-22';
const AISC = 'aisc-360-22';
const EN = 'en-1992-1-1-2004';
const AS = 'as-3600-2018';
const CSA = 'csa-a23-3-19';

const n = (fileId: string, ...numbers: string[]) => numbers.map((number) => ({ fileId, number }));
const sec = (fileId: string, ...sections: string[]) => sections.map((section) => ({ fileId, section }));
const term = (fileId: string, ...terms: string[]) => terms.map((t) => ({ fileId, term: t }));

function q(
  id: string,
  kind: QueryKind,
  query: string,
  answers: { fileId: string; number: string }[],
  related: Ref[] = [],
  paraphrase = false,
): QuerySpec {
  return { id, query, kind, answers, related, paraphrase };
}

const DEVELOPMENT = [
  ...n(ACI, '25.4.2.3', 'Table 25.4.2.3', '25.4.2.4', '(25.4.2.4a)'),
  ...n(CSA, '12.2.2', '(12.1)', '12.2.3', 'Table 12.1'),
  ...n(AS, '13.1.2.2', '13.1.2.2(1)'),
  ...n(EN, '8.4.3', '(8.3)', '8.4.4', '(8.4)'),
];
const DEVELOPMENT_TERMS = [
  ...term(ACI, 'development length'),
  ...term(CSA, 'development length'),
  ...term(AS, 'development length'),
  ...term(EN, 'anchorage length'),
];
const CRITICAL_PERIMETER = [
  ...n(ACI, '22.6.4.1', 'Figure 22.6.4.1'),
  ...n(EN, '6.4.2', 'Figure 6.12'),
  ...n(AS, '9.3.1', 'Figure 9.3.1'),
  ...n(CSA, '13.3.3.1', 'Figure 13.1'),
];
const FLOOR_DEFLECTION = [
  ...n(ACI, '24.2.2', 'Table 24.2.2'),
  ...n(AS, '2.3.2', 'Table 2.3.2'),
  ...n(CSA, '9.8.5.3', 'Table 9.3'),
  ...n(EN, '7.4.1'),
  ...n(AISC, 'L3.1'),
  ...n(ASCE, 'C.2.1', 'Table C.2-1'),
];
const DEFLECTION_RELATED = [
  ...n(ACI, 'Table 7.3.1.1', 'Table 8.3.1.1'),
  ...n(EN, 'Table 7.4N'),
  ...n(CSA, 'Table 9.2'),
  ...sec(AS, '8.5'),
];

export const QUERY_SPECS: QuerySpec[] = [
  // Simple, keyword-like queries.
  q('s01', 'simple', 'development length of deformed bars in tension', DEVELOPMENT, DEVELOPMENT_TERMS),
  q(
    's02',
    'simple',
    'rebar overlap to join two bars',
    [
      ...n(ACI, '25.5.2.1', 'Table 25.5.2.1'),
      ...n(CSA, '12.15.1', '12.15.2'),
      ...n(EN, '8.7.3', '(8.10)', 'Figure 8.7'),
      ...n(AS, '13.2.2'),
    ],
    [...term(ACI, 'lap splice'), ...term(CSA, 'lap splice'), ...term(EN, 'lap splice'), ...term(AS, 'lap splice')],
    true,
  ),
  q(
    's03',
    'simple',
    'one-way shear strength provided by concrete',
    [
      ...n(ACI, '22.5.5.1', '(22.5.5.1)', 'Table 22.5.5.1'),
      ...n(EN, '6.2.2', '(6.2.a)', '(6.2.b)'),
      ...n(AS, '8.2.4', '8.2.4(1)'),
      ...n(CSA, '11.3.4', '(11.5)'),
    ],
    [...n(ACI, '22.5.1.1'), ...n(EN, '6.2.1'), ...n(AS, '8.2.1'), ...n(CSA, '11.3.3', '11.3.5.1')],
  ),
  q('s04', 'simple', 'punching shear critical perimeter around columns', CRITICAL_PERIMETER, [
    ...term(EN, 'basic control perimeter'),
  ]),
  q(
    's05',
    'simple',
    'wind pressure on components and cladding',
    [...n(ASCE, '30.3.2', '(30.3-1)', 'Figure 30.3-2A')],
    [...term(ASCE, 'components and cladding', 'effective wind area'), ...n(ASCE, '26.10.1', 'Table 26.13-1')],
  ),
  q(
    's06',
    'simple',
    'load combinations for strength design',
    [...n(ASCE, '2.3.1'), ...n(ACI, '5.3.1', 'Table 5.3.1')],
    [...n(ASCE, '2.3.2', '2.4.1'), ...n(AISC, 'B3.1'), ...term(ASCE, 'strength design')],
  ),
  q(
    's07',
    'simple',
    'bearing strength at bolt holes',
    [...n(AISC, 'J3.10', '(J3-6a)')],
    [...n(AISC, 'J3.4', 'Table J3.4'), ...term(AISC, 'bearing-type connection', 'tearout')],
  ),
  q('s08', 'simple', 'deflection limits for beams and slabs', FLOOR_DEFLECTION, DEFLECTION_RELATED),
  q(
    's09',
    'simple',
    'steel properties at elevated temperatures in fire',
    [...n(AISC, '4.2.3.2', 'Table A-4.2.1')],
    [...n(AISC, '4.2.4', '4.1.1'), ...term(AISC, 'elevated temperatures')],
  ),
  q(
    's10',
    'simple',
    'fire rating of concrete floor slabs',
    [...n(AS, '5.5.1', 'Table 5.5.1', '5.5.2')],
    [...n(AS, '5.3.1', 'Table 5.3.1'), ...term(AS, 'fire-resistance level', 'fire resistance period')],
    true,
  ),
  q(
    's11',
    'simple',
    'interstorey sway limit for earthquakes',
    [...n(ASCE, '12.12.1', 'Table 12.12-1')],
    [...term(ASCE, 'story drift', 'story drift ratio'), ...n(AISC, 'L4.1'), ...n(ASCE, 'C.2.2')],
    true,
  ),
  q(
    's12',
    'simple',
    'minimum concrete cover to reinforcement',
    [
      ...n(ACI, '20.5.1.3.1', 'Table 20.5.1.3.1'),
      ...n(EN, '4.4.1.2', '(4.2)', 'Table 4.4N'),
      ...n(AS, '4.10.3.2', 'Table 4.10.3.2'),
      ...n(CSA, '7.9.1'),
    ],
    [
      ...n(EN, '4.4.1.1'),
      ...term(ACI, 'clear cover'),
      ...term(EN, 'concrete cover'),
      ...term(AS, 'concrete cover'),
      ...term(CSA, 'clear cover'),
    ],
  ),
  q(
    's13',
    'simple',
    'fillet weld strength',
    [...n(AISC, 'J2.4', '(J2-3)', '(J2-5)')],
    [...n(AISC, 'J2.2b', 'Table J2.4'), ...term(AISC, 'fillet weld')],
  ),
  q(
    's14',
    'simple',
    'flat roof snow load',
    [...n(ASCE, '7.3.1', '(7.3-1)', 'Table 7.3-1')],
    [...n(ASCE, '7.3.4', 'Table 7.3-2'), ...term(ASCE, 'ground snow load')],
  ),
  q(
    's15',
    'simple',
    'crack width control and bar spacing',
    [
      ...n(EN, '7.3.1', 'Table 7.1N', '7.3.3', 'Table 7.2N'),
      ...n(ACI, '24.3.2', 'Table 24.3.2'),
      ...n(AS, '8.6.1', 'Table 8.6.1(A)'),
    ],
    [...term(EN, 'quasi-permanent load')],
  ),
  q(
    's16',
    'simple',
    'strength reduction factors',
    [...n(ACI, '21.2.1', 'Table 21.2.1', '21.2.2'), ...n(AS, '2.2.2', 'Table 2.2.2'), ...n(CSA, '8.4.2', 'Table 8.1')],
    [
      ...n(EN, '2.4.2.4', 'Table 2.1N'),
      ...term(ACI, 'strength reduction factor'),
      ...term(AS, 'capacity reduction factor'),
      ...term(CSA, 'factored resistance'),
    ],
  ),
  q(
    's17',
    'simple',
    'live load reduction',
    [...n(ASCE, '4.7.2', '(4.7-1)', 'Table 4.7-1')],
    [...n(ASCE, '4.7.3'), ...term(ASCE, 'tributary area', 'live load')],
  ),
  q(
    's18',
    'simple',
    'moment magnification for slender columns',
    [...n(ACI, '6.6.4.5.2', '(6.6.4.5.2)'), ...n(CSA, '10.15.3', '(10.17)')],
    [...n(EN, '5.8.3.1'), ...term(ACI, 'slenderness ratio')],
  ),
  q(
    's19',
    'simple',
    'minimum shear reinforcement',
    [...n(ACI, '9.6.3.1', '9.6.3.4'), ...n(EN, '9.2.2', '(9.5N)'), ...n(CSA, '11.2.8.2', '(11.1)')],
    [...n(CSA, '11.3.5.1'), ...term(ACI, 'shear reinforcement')],
  ),
  q(
    's20',
    'simple',
    'reduced efficiency of angles bolted through one leg',
    [...n(AISC, 'D3.1', 'Table D3.1')],
    [...n(AISC, 'D2.1'), ...term(AISC, 'shear lag', 'effective net area')],
    true,
  ),
  q(
    's21',
    'simple',
    'importance factor for risk category',
    [...n(ASCE, '1.5.3', 'Table 1.5-2')],
    [...n(ASCE, '1.5.1', 'Table 1.5-1'), ...term(ASCE, 'importance factor', 'risk category')],
  ),
  q('s22', 'simple', "Young's modulus of concrete", [
    ...n(ACI, '19.2.2.1'),
    ...n(EN, '3.1.3', 'Table 3.1'),
    ...n(AS, '3.1.2', 'Table 3.1.2'),
    ...n(CSA, '8.6.2.2'),
  ]),
  q(
    's23',
    'simple',
    'material safety factors gamma for concrete and steel',
    [...n(EN, '2.4.2.4', 'Table 2.1N')],
    [...n(CSA, '8.4.2'), ...n(ACI, '21.2.1'), ...n(AS, '2.2.2'), ...term(EN, 'partial factor')],
  ),
  q(
    's24',
    'simple',
    'exposure classification for durability',
    [...n(ACI, '19.3.1.1', 'Table 19.3.1.1'), ...n(EN, '4.2.1', 'Table 4.1'), ...n(AS, '4.3.1', 'Table 4.3')],
    [...term(ACI, 'exposure class'), ...term(EN, 'exposure class'), ...term(AS, 'exposure classification')],
  ),

  // Complex, natural-language questions.
  q(
    'c01',
    'complex',
    'how much can a floor beam deflect under live load before finishes crack',
    FLOOR_DEFLECTION,
    DEFLECTION_RELATED,
  ),
  q(
    'c02',
    'complex',
    'will the column punch through my flat plate floor and what do I verify',
    [
      ...CRITICAL_PERIMETER,
      ...n(ACI, '22.6.5.2', 'Table 22.6.5.2'),
      ...n(EN, '6.4.4'),
      ...n(AS, '9.3.3'),
      ...n(CSA, '13.3.4.1'),
    ],
    [],
    true,
  ),
  q(
    'c03',
    'complex',
    'how far does a rebar need to extend past the point where it is needed so it does not pull out',
    DEVELOPMENT,
    DEVELOPMENT_TERMS,
    true,
  ),
  q(
    'c04',
    'complex',
    'how much sideways movement between floors is allowed in an earthquake',
    [...n(ASCE, '12.12.1', 'Table 12.12-1')],
    [...term(ASCE, 'story drift'), ...n(ASCE, 'C.2.2')],
    true,
  ),
  q(
    'c05',
    'complex',
    'which load combinations apply when snow and wind hit the roof at the same time',
    [...n(ASCE, '2.3.2', '2.3.1')],
    [...n(ASCE, '2.4.1'), ...n(ACI, 'Table 5.3.1')],
  ),
  q(
    'c06',
    'complex',
    'how much concrete do I need over rebar in a seaside building to stop rusting',
    [...n(EN, '4.4.1.2', 'Table 4.4N'), ...n(AS, '4.10.3.2', 'Table 4.10.3.2')],
    [...n(AS, 'Table 4.3'), ...n(EN, 'Table 4.1'), ...n(ACI, '20.5.1.3.1', 'Table 19.3.1.1'), ...n(CSA, '7.9.1')],
    true,
  ),
  q(
    'c07',
    'complex',
    'do office columns that carry many square metres of floor get a smaller design occupancy load',
    [...n(ASCE, '4.7.2', 'Table 4.7-1')],
    [...n(ASCE, 'Table 4.3-1'), ...term(ASCE, 'tributary area')],
    true,
  ),
  q(
    'c08',
    'complex',
    'how do I check a bolted plate that could rip out behind the bolt near the edge',
    [...n(AISC, 'J3.10', '(J3-6c)')],
    [...n(AISC, 'J3.4', 'Table J3.4', 'J3.3'), ...term(AISC, 'tearout')],
    true,
  ),
  q(
    'c09',
    'complex',
    'how long will a steel beam keep carrying load in a building fire and how does heat weaken it',
    [...n(AISC, '4.2.4', '4.2.3.2', 'Table A-4.2.1')],
    [...n(AISC, '4.1.1'), ...term(AISC, 'fire resistance', 'elevated temperatures')],
    true,
  ),
  q(
    'c10',
    'complex',
    'what gust speed do I take for a building and how much worse is it out on open countryside by the shore',
    [...n(ASCE, '26.5.1', 'Figure 26.5-1A', '26.7.3', '26.10.1', 'Table 26.10-1')],
    [...term(ASCE, 'basic wind speed', 'exposure')],
    true,
  ),

  // Exact clause references.
  q('r01', 'clause_ref', 'ACI 318 22.5.5.1', [...n(ACI, '22.5.5.1')]),
  q('r02', 'clause_ref', 'EN 1992 6.2.2', [...n(EN, '6.2.2')]),
  q('r03', 'clause_ref', 'AISC 360 J3.10', [...n(AISC, 'J3.10')]),
  q('r04', 'clause_ref', 'ASCE 7 Table 12.12-1', [...n(ASCE, 'Table 12.12-1')]),
  q('r05', 'clause_ref', 'AS 3600 clause 8.2.4', [...n(AS, '8.2.4')]),
  q('r06', 'clause_ref', 'CSA A23.3 11.3.5.1', [...n(CSA, '11.3.5.1')]),
];

/**
 * Held out: written after the query expansion thesaurus
 * (subgraphs/content/search/thesaurus.ts) was frozen, and never used to tune
 * anything, so that its effect is measured on queries it was not fitted to.
 */
export const HELDOUT_SPECS: QuerySpec[] = [
  q('h01', 'complex', 'how thin can a one-way slab be without checking deflection', [
    ...n(CSA, '9.8.2.1'),
    ...n(ACI, '7.3.1.1'),
    ...n(EN, '7.4.2'),
  ]),
  q('h02', 'complex', 'how much force does a headed stud welded to a steel beam carry in a composite floor', [
    ...n(AISC, 'I8.2a'),
  ]),
  q('h03', 'complex', 'when does a steel beam twist sideways and buckle', [...n(AISC, 'F2.2')]),
  q('h04', 'complex', 'total sideways earthquake force at the base of the building', [
    ...n(ASCE, '12.8.1', '12.8.1.1'),
  ]),
  q('h05', 'simple', 'how much rain can pond on a roof', [...n(ASCE, '8.3.1')]),
  q('h06', 'simple', 'bond strength between rebar and concrete in the Eurocode', [...n(EN, '8.4.2')]),
  q('h07', 'simple', 'soil pressure pushing on basement walls', [...n(ASCE, '3.2.1')]),
  q('h08', 'complex', 'maximum and minimum amount of vertical bars in a concrete column', [
    ...n(ACI, '10.6.1.1'),
    ...n(AS, '10.7.1'),
    ...n(CSA, '10.9.1'),
    ...n(EN, '9.5.2'),
  ]),
  q('h09', 'simple', 'floor bounce and footfall vibration', [...n(ASCE, 'C.2.3')]),
  q('h10', 'complex', 'how does sagging of concrete floors grow over the years because of creep', [
    ...n(ACI, '24.2.4.1.1'),
    ...n(AS, '8.5.3.2'),
  ]),
  q('h11', 'complex', 'how big must a footing be for the soil to carry the column', [...n(ACI, '13.3.1.1')]),
  q('h12', 'simple', 'shear capacity of a bolt', [...n(AISC, 'J3.7')]),
];

/** Resolves clause-level judgments to pages; an unknown number, section or term is a bug in the set. */
export function judge(specs: readonly QuerySpec[], layouts: ReadonlyMap<string, CodeLayout>): Query[] {
  const layout = (fileId: string, id: string): CodeLayout => {
    const l = layouts.get(fileId);
    if (!l) throw new Error(`${id}: no code ${fileId}`);
    return l;
  };
  const find = (ref: Ref, id: string) => {
    const placed = layout(ref.fileId, id).placed;
    const hits =
      'number' in ref
        ? placed.filter((p) => p.clause.number === ref.number)
        : 'section' in ref
          ? placed.filter((p) => p.section === ref.section)
          : placed.filter((p) => p.clause.contentType === 'definition' && p.clause.heading === ref.term);
    if (hits.length === 0) throw new Error(`${id}: ${JSON.stringify(ref)} is not in the corpus`);
    return hits;
  };
  const order = [...layouts.keys()];
  return specs.map((s) => {
    const grades = new Map<string, 1 | 2>();
    const put = (fileId: string, page: number, g: 1 | 2) => {
      const key = `${fileId}#${page}`;
      if ((grades.get(key) ?? 0) < g) grades.set(key, g);
    };
    for (const a of s.answers) {
      for (const hit of find(a, s.id)) {
        put(a.fileId, hit.page, 2);
        if (hit.section)
          for (const p of find({ fileId: a.fileId, section: hit.section }, s.id)) put(a.fileId, p.page, 1);
      }
    }
    for (const r of s.related) for (const hit of find(r, s.id)) put(r.fileId, hit.page, 1);
    const relevant = [...grades]
      .map(([key, grade]) => {
        const [fileId, page] = key.split('#') as [string, string];
        return { fileId, page: Number(page), grade };
      })
      .sort((a, b) => order.indexOf(a.fileId) - order.indexOf(b.fileId) || a.page - b.page);
    return { id: s.id, query: s.query, kind: s.kind, relevant };
  });
}

export function defaultLayouts(): Map<string, CodeLayout> {
  return new Map(defaultCorpus().map((spec) => [spec.fileId, layoutCode(spec)]));
}

/** The 40 judged queries over `defaultCorpus()`. */
export const QUERIES: Query[] = judge(QUERY_SPECS, defaultLayouts());

/** The held-out queries, judged the same way. */
export const HELDOUT: Query[] = judge(HELDOUT_SPECS, defaultLayouts());
