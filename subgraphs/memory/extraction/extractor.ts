// What an extractor reads (one message) and returns (entities and facts by
// entity name). Resolution against the stored graph happens afterwards.

export interface ExtractionInput {
  content: string;
  roleType: string;
  role: string | null;
  name: string;
  timestamp: string;
  /** Who the message answers: the speaker of the group's latest earlier message by someone else (for "you"); null or absent when unknown. */
  addressee?: string | null;
}

export interface ExtractedEntity {
  name: string;
  /** speaker, person, organisation, code, member_size, grid, load, sheet, element, quoted, entity, … */
  kind: string;
}

export interface ExtractedFact {
  source: string;
  target: string;
  /** SCREAMING_SNAKE_CASE relationship name. */
  relation: string;
  fact: string;
  /** An entity the statement says was replaced ("replaced X with Y", "from X to Y"). */
  replaces: string | null;
  /** A replaced value the statement names only in words ("from epoxy-coated to galvanized bars": "epoxy-coated"). */
  replacesText?: string;
  /** "no longer", "stopped": the statement ends `relation` between source and target. */
  ends: string | null;
  /** The date the statement is about when it names one ("yesterday" → the day before the message); absent: the message's timestamp. */
  validAt?: string;
  /** Things (not values, not the speaker) the statement names, which anchor a replacement to them; absent: source and target. */
  context?: string[];
}

export interface Extraction {
  entities: ExtractedEntity[];
  facts: ExtractedFact[];
}

export interface Extractor {
  readonly name: string;
  extract(input: ExtractionInput): Promise<Extraction>;
}

/** The speaker entity's name: the role (a person's name) when given, else the role type. */
export const speakerOf = (input: Pick<ExtractionInput, 'role' | 'roleType'>): string =>
  (input.role?.trim() || input.roleType || 'user').trim();
