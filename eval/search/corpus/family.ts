/**
 * House style per code family: the words a clause uses for the document,
 * the designer and cross-references, the symbols of the shared concrete
 * banks, and a few sentences that only that kind of document would say.
 * Keeping this in one table lets one topic bank serve four concrete codes.
 */
import type { Family } from './types.ts';

export interface FamilyStyle {
  /** {spec}: how a clause names its own document. */
  spec: string;
  /** {designer} */
  designer: string;
  /** {clause}: the word before a cross-reference number. */
  clause: string;
  fc: string;
  fy: string;
  db: string;
  /** Eurocode paragraphs are numbered (1), (2), ... inside a clause. */
  numberedParagraphs: boolean;
  /** Sentences any clause of this family may carry, topic-neutral. */
  flavour: string[];
}

export const FAMILY: Record<Family, FamilyStyle> = {
  aci: {
    spec: 'this Code',
    designer: 'licensed design professional',
    clause: 'Section',
    fc: "f'c",
    fy: 'fy',
    db: 'db',
    numberedParagraphs: false,
    flavour: [
      'The building official may require the {designer} to submit calculations demonstrating compliance with this provision.',
      'Alternative methods shall be permitted where the {designer} demonstrates by analysis or test that the intent of {spec} is satisfied.',
      'Construction documents shall state the assumptions on which this requirement was applied.',
      'Where a requirement of this section conflicts with a requirement of the general building code, the more restrictive requirement shall govern.',
      'The commentary to this section explains the background of the requirement but is not part of the Code.',
      'Values given in this section are minimums and do not relieve the {designer} of responsibility for the adequacy of the design.',
      'Test results used to justify a departure from this requirement shall be retained with the project records.',
      'The requirements of this section apply to both cast-in-place and precast members unless noted otherwise.',
    ],
  },
  asce: {
    spec: 'this standard',
    designer: 'registered design professional',
    clause: 'Section',
    fc: "f'c",
    fy: 'fy',
    db: 'db',
    numberedParagraphs: false,
    flavour: [
      'The authority having jurisdiction may approve site-specific studies in lieu of the values given here.',
      'Values determined by rational analysis shall be permitted where documented by the {designer}.',
      'Where the referenced material standard gives more stringent requirements, those requirements shall apply.',
      'The basis for the values used shall be indicated in the construction documents.',
      'Loads not specified in this standard shall be determined by the {designer} on a rational basis.',
      'The provisions of this section apply to new construction and to additions and alterations of existing structures.',
      'Interpolation between tabulated values is permitted unless noted otherwise.',
      'Supporting calculations shall be made available to the authority having jurisdiction upon request.',
    ],
  },
  aisc: {
    spec: 'this Specification',
    designer: 'engineer of record',
    clause: 'Section',
    fc: "f'c",
    fy: 'Fy',
    db: 'db',
    numberedParagraphs: false,
    flavour: [
      'The available strength shall be determined with the resistance factor for LRFD or the safety factor for ASD given in this section.',
      'Alternative analyses are permitted when approved by the authority having jurisdiction and documented by the {designer}.',
      'The requirements of this section apply equally to rolled and built-up shapes unless stated otherwise.',
      'Where tests are used to establish strength, the test program shall be approved before fabrication.',
      'Dimensions used in the calculations shall be the nominal dimensions unless this Specification states otherwise.',
      'The User Note following this provision is for information and does not form part of the requirements.',
      'Where the design documents specify a more stringent limit, that limit shall govern.',
      'The {designer} shall state in the design documents which of the permitted methods has been used.',
    ],
  },
  en: {
    spec: 'this Eurocode',
    designer: 'designer',
    clause: 'clause',
    fc: 'fck',
    fy: 'fyk',
    db: 'phi',
    numberedParagraphs: true,
    flavour: [
      'The value for use in a Country may be found in its National Annex; the recommended value is given here.',
      'NOTE: Further information may be found in the relevant product standards.',
      'The rules given in this clause apply to buildings; other works may require additional rules.',
      'Where more precise methods are used, they should be based on recognised theory and validated by tests.',
      'NOTE: The background to this rule is given in the relevant CEN technical reports.',
      'Alternative rules may be used provided that they comply with the principles and give at least the same reliability.',
      'Symbols not defined in this clause are defined where they first appear in this Eurocode.',
      'Application rules in this clause are examples of methods that satisfy the principles.',
    ],
  },
  as: {
    spec: 'this Standard',
    designer: 'designer',
    clause: 'Clause',
    fc: "f'c",
    fy: 'fsy',
    db: 'db',
    numberedParagraphs: false,
    flavour: [
      'Where another method is adopted, it shall be shown to give results at least equivalent to those of this Clause.',
      'The relevant authority may require evidence that the method adopted meets the requirements of this Standard.',
      'The design actions shall be determined in accordance with AS/NZS 1170 series unless otherwise specified.',
      'Requirements for materials and construction are given in Section 17 and Section 20 of this Standard.',
      'Notes to this Clause are informative and do not form part of the requirements.',
      'Where the designer relies on test results, the tests shall be carried out in accordance with the relevant Appendix.',
      'Interpolation between the tabulated values is permitted.',
      'The requirements apply to members of normal-class concrete unless otherwise stated.',
    ],
  },
  csa: {
    spec: 'this Standard',
    designer: 'designer',
    clause: 'Clause',
    fc: "f'c",
    fy: 'fy',
    db: 'db',
    numberedParagraphs: false,
    flavour: [
      'The loads and load combinations shall be those specified in the National Building Code of Canada.',
      'Concrete materials and construction shall comply with CSA A23.1 unless otherwise noted.',
      'Other methods may be used where the designer demonstrates that the resistance provided is not less than that required by this Clause.',
      'The regulatory authority may require that the basis of the design be documented.',
      'Notes to this Clause are explanatory and do not form part of the requirements.',
      'The requirements of this Clause apply to both normal-density and structural low-density concrete unless noted otherwise.',
      'Linear interpolation between tabulated values is permitted.',
      'Where the designer uses a more refined analysis, its assumptions shall be stated on the drawings.',
    ],
  },
};
