/**
 * Judged queries over the five real code documents of `../shared/samples/codes/`
 * (see its README for provenance and licences). Each answer is a PDF page
 * (counting from 1) judged by reading that page with
 * `pdftotext -f N -l N -layout`: the page that holds the answering clause,
 * table or figure (where a clause begins at the foot of a page, that page).
 *
 * Kinds: `keyword` (words that occur in the answer), `paraphrase` (the question
 * as an engineer would ask it, mostly in other words), `clause_ref` (a clause,
 * table or figure number as engineers write it, with or without the code's name).
 * These were written before any change to the search and are never used to tune it.
 * `paraphrase_heldout` (HELDOUT_PARAPHRASES below) were written after the
 * thesaurus and the scoring of issue 15's second session were frozen (commit
 * dd70340): they measure how the rules do on questions nobody tuned them to.
 */

export type RealKind = 'keyword' | 'paraphrase' | 'clause_ref' | 'paraphrase_heldout';

export interface RealDocument {
  fileId: string;
  /** File name under ../shared/samples/codes/. */
  file: string;
  description: string;
  designStandard: 'us' | 'canada';
  /** Running header and footer text of the document, judged by reading its pages: no snippet may contain it. */
  furniture: RegExp[];
}

export interface RealQuery {
  id: string;
  fileId: string;
  kind: RealKind;
  query: string;
  /** Answering PDF pages. */
  pages: number[];
}

export const REAL_DOCUMENTS: RealDocument[] = [
  {
    fileId: 'ufc-4-010-01',
    file: 'ufc-4-010-01-antiterrorism-2018-chg1.pdf',
    description: 'UFC 4-010-01 DoD Minimum Antiterrorism Standards for Buildings (2018, Change 1 2020)',
    designStandard: 'us',
    furniture: [/12 December 2018/, /Change 1, 19 August 2020/],
  },
  {
    fileId: 'ufc-4-020-01',
    file: 'ufc-4-020-01-security-planning-2008.pdf',
    description: 'UFC 4-020-01 DoD Security Engineering Facilities Planning Manual (2008)',
    designStandard: 'us',
    furniture: [/11 September 2008/],
  },
  {
    fileId: 'ufgs-03-30-00',
    file: 'ufgs-03-30-00-cast-in-place-concrete.pdf',
    description: 'UFGS 03 30 00 Cast-In-Place Concrete (February 2019, Change 10)',
    designStandard: 'us',
    furniture: [/SECTION 03 30 00\s+Page \d+/],
  },
  {
    fileId: 'txdot-scour-2023',
    file: 'txdot-scour-evaluation-guide-2023.pdf',
    description: 'TxDOT Scour Evaluation Guide (July 2023)',
    designStandard: 'us',
    furniture: [/TxDOT 07\/2023/, /Scour Evaluation Guide \d+/],
  },
  {
    fileId: 'sor-86-304',
    file: 'canada-ohs-regulations-sor-86-304-bilingual.pdf',
    description: 'SOR/86-304 Canada Occupational Health and Safety Regulations (consolidated 2026)',
    designStandard: 'canada',
    furniture: [
      /Current to February 18, 2026/,
      /Last amended on March 26, 2025/,
      /Canada Occupational Health and Safety Regulations\s+Règlement/,
    ],
  },
];

const UFC1 = 'ufc-4-010-01';
const UFC2 = 'ufc-4-020-01';
const UFGS = 'ufgs-03-30-00';
const TX = 'txdot-scour-2023';
const SOR = 'sor-86-304';

const q = (id: string, fileId: string, kind: RealKind, query: string, ...pages: number[]): RealQuery => ({
  id,
  fileId,
  kind,
  query,
  pages,
});

export const REAL_QUERIES: RealQuery[] = [
  // UFC 4-010-01 (printed page 1 is PDF page 13)
  q('u1-k1', UFC1, 'keyword', 'enclosures for trash containers and fuel tanks four sides and a top', 33),
  q('u1-k2', UFC1, 'keyword', 'fragment retention films and blast curtains', 37),
  q('u1-k3', UFC1, 'keyword', 'clear zone vegetation height', 30),
  q('u1-k4', UFC1, 'keyword', 'main entrance uncontrolled vantage points', 37),
  q('u1-k5', UFC1, 'keyword', 'occupancy calculation gas stations car care centers', 18),
  q('u1-p1', UFC1, 'paraphrase', 'may cars be parked in the open zone kept around a building', 33),
  q('u1-p2', UFC1, 'paraphrase', 'why are window films not accepted on new buildings', 37),
  q('u1-p3', UFC1, 'paraphrase', 'should the front door face the installation fence line', 37),
  q('u1-p4', UFC1, 'paraphrase', 'how far must a metal stud building be from a bomb for very low protection', 73),
  q('u1-c1', UFC1, 'clause_ref', 'UFC 4-010-01 3-11.2', 36),
  q('u1-c2', UFC1, 'clause_ref', '3-3.6', 33),
  q('u1-c3', UFC1, 'clause_ref', 'Table C-1', 73),
  q('u1-c4', UFC1, 'clause_ref', 'Table B-1', 56),
  q('u1-c5', UFC1, 'clause_ref', 'B-2.1.3', 55),
  q('u1-c6', UFC1, 'clause_ref', 'Figure 3-1', 30),

  // UFC 4-020-01 (printed 1-1 is PDF page 15)
  q('u2-k1', UFC2, 'keyword', 'drug cartels organized criminal groups', 24),
  q('u2-k2', UFC2, 'keyword', 'asset moved frequently on a random basis', 60),
  q('u2-k3', UFC2, 'keyword', 'retractable bollards pop-up plate drum barriers', 95),
  q('u2-k4', UFC2, 'keyword', 'cost increase justification relative risk', 16),
  q('u2-k5', UFC2, 'keyword', 'vandals activists violent protesters', 24),
  q('u2-p1', UFC2, 'paraphrase', 'which kinds of thieves are considered and how skilled are they', 24),
  q('u2-p2', UFC2, 'paraphrase', 'how likely is an attacker to know that the asset is there', 60),
  q('u2-p3', UFC2, 'paraphrase', 'what stops a speeding truck bomb at the perimeter', 95),
  q('u2-p4', UFC2, 'paraphrase', 'who is this planning manual written for', 15),
  q('u2-c1', UFC2, 'clause_ref', 'UFC 4-020-01 3-6.2.5', 60),
  q('u2-c2', UFC2, 'clause_ref', '2-2.2.1.1', 24),
  q('u2-c3', UFC2, 'clause_ref', 'paragraph 4-2.3.1.2', 95),
  q('u2-c4', UFC2, 'clause_ref', 'Table 3-15', 60),
  q('u2-c5', UFC2, 'clause_ref', 'Table 3-30', 79),
  q('u2-c6', UFC2, 'clause_ref', 'Table 4-1', 92),

  // UFGS 03 30 00 (printed page = PDF page)
  q('gs-k1', UFGS, 'keyword', 'cold weather concrete temperature freezing', 75),
  q('gs-k2', UFGS, 'keyword', 'hot weather evaporation rate shade fresh concrete', 75),
  q('gs-k3', UFGS, 'keyword', 'curing period retaining walls 10 days', 87),
  q('gs-k4', UFGS, 'keyword', 'cores drilled from hardened concrete ASTM C42', 91),
  q('gs-k5', UFGS, 'keyword', 'excessive voids honeycombing non-conforming materials', 91),
  q('gs-p1', UFGS, 'paraphrase', 'how warm must the concrete be kept while it cures in winter', 87),
  q('gs-p2', UFGS, 'paraphrase', 'what if the concrete in the finished structure is too weak', 91),
  q('gs-p3', UFGS, 'paraphrase', 'how long to keep the concrete moist after the pour', 87),
  q('gs-p4', UFGS, 'paraphrase', 'preparing hardened concrete at joints before a new pour bonds to it', 75),
  q('gs-c1', UFGS, 'clause_ref', 'UFGS 03 30 00 3.14.3.10', 91),
  q('gs-c2', UFGS, 'clause_ref', 'section 3.14.3', 88),
  q('gs-c3', UFGS, 'clause_ref', '3.13.5', 87),
  q('gs-c4', UFGS, 'clause_ref', '3.7.4', 75),
  q('gs-c5', UFGS, 'clause_ref', '1.6.2.1', 20),

  // TxDOT Scour Evaluation Guide (printed 1 is PDF page 4)
  q('tx-k1', TX, 'keyword', 'stone protection riprap thickness', 36),
  q('tx-k2', TX, 'keyword', 'non-destructive evaluation depth of existing foundation', 22),
  q('tx-k3', TX, 'keyword', 'trigger elevations for interior bents', 34),
  q('tx-k4', TX, 'keyword', 'point bearing capacity hard rock skin friction', 11),
  q('tx-k5', TX, 'keyword', 'grain dimensions of cohesionless materials', 17),
  q('tx-p1', TX, 'paraphrase', 'how much can the river wash out under a spread footing before it becomes unstable', 11),
  q('tx-p2', TX, 'paraphrase', 'warning level telling inspectors that scour is getting close to the limit', 34),
  q('tx-p3', TX, 'paraphrase', 'is loose rock better than concrete for protecting a bridge', 36),
  q('tx-p4', TX, 'paraphrase', 'how to find how deep the piles go when there are no plans', 22),
  q('tx-c1', TX, 'clause_ref', 'Table 5-2a', 19),
  q('tx-c2', TX, 'clause_ref', 'section 3.3', 11),
  q('tx-c3', TX, 'clause_ref', 'Table 11-1', 36),
  q('tx-c4', TX, 'clause_ref', 'Figure 3-1', 13),
  q('tx-c5', TX, 'clause_ref', 'TxDOT Scour Evaluation Guide 8.2', 26),

  // Canada OHS Regulations (printed 1 is PDF page 19; English left, French right)
  q('ca-k1', SOR, 'keyword', 'window cleaning anchor points suspended platforms inspection', 30),
  q('ca-k2', SOR, 'keyword', 'fall-protection plan', 142),
  q('ca-k3', SOR, 'keyword', 'protective headwear', 147),
  q('ca-k4', SOR, 'keyword', 'ventilation equipment hazardous confined space alarm', 137),
  q('ca-k5', SOR, 'keyword', 'double-action swinging door', 24),
  q('ca-p1', SOR, 'paraphrase', 'who has to wear a hard hat at work', 147),
  q('ca-p2', SOR, 'paraphrase', 'what must the written plan for working at heights contain', 142),
  q('ca-p3', SOR, 'paraphrase', 'how often must window washing anchors be checked', 30),
  q('ca-p4', SOR, 'paraphrase', 'must a new workplace building follow the national building rules', 24),
  q('ca-c1', SOR, 'clause_ref', 'SOR/86-304 12.06', 142),
  q('ca-c2', SOR, 'clause_ref', 'section 12.1', 147),
  q('ca-c3', SOR, 'clause_ref', 'section 2.3', 24),
  q('ca-c4', SOR, 'clause_ref', '11.11(1)(a)(ii)', 137),
  q('ca-c5', SOR, 'clause_ref', '12.06(2)(d)', 142),
];

/**
 * Paraphrased questions written after the thesaurus and scoring were frozen
 * (commit dd70340), from pages picked without looking at search results, each
 * judged by reading its page. Never used to change a rule or a weight.
 */
export const HELDOUT_PARAPHRASES: RealQuery[] = [
  q('hp-u1-1', UFC1, 'paraphrase_heldout', 'what do the standards assume about parcel bombs sent by post', 27),
  q('hp-u1-2', UFC1, 'paraphrase_heldout', 'how close may new field camp buildings be to the base boundary', 45),
  q('hp-u2-1', UFC2, 'paraphrase_heldout', 'protect occupants from snipers by keeping them out of sight', 110),
  q('hp-u2-2', UFC2, 'paraphrase_heldout', 'why are people valued by headcount rather than money', 50),
  q('hp-gs-1', UFGS, 'paraphrase_heldout', 'can the forms be used again', 62),
  q('hp-gs-2', UFGS, 'paraphrase_heldout', 'floor topping that stands up to heavy abrasion from traffic', 80),
  q('hp-tx-1', TX, 'paraphrase_heldout', 'what are the different ways of evaluating a bridge for scour', 9),
  q('hp-tx-2', TX, 'paraphrase_heldout', 'which support decides the rating when some are more at risk than others', 25),
  q('hp-ca-1', SOR, 'paraphrase_heldout', 'what kind of meter measures how loud it is at work', 60),
  q('hp-ca-2', SOR, 'paraphrase_heldout', 'deadline for writing up a report after a pressure vessel bursts', 180),
];
