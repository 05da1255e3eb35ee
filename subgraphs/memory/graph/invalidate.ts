// Which stored facts a new fact contradicts, and Graphiti's interval rule for
// what that does to each side. Pure functions over fact records.
import { findMentions } from '../extraction/mentions.ts';
import { CHANGE_CUES, ENDING_CUES, FUNCTIONAL } from '../extraction/relations.ts';
import type { Entity, Fact } from '../model.ts';
import { normName } from './names.ts';

export interface Candidate {
  fact: Pick<Fact, 'uuid' | 'sourceUuid' | 'targetUuid' | 'name' | 'validAt' | 'invalidAt'> & { fact?: string };
  /** Kind of the old fact's far end, as seen from the new fact's source. */
  otherKind: string | null;
  otherName: string | null;
  /** Name of the old fact's source entity. */
  sourceName?: string | null;
}

export interface NewFactShape {
  sourceUuid: string;
  targetUuid: string;
  relation: string;
  validAt: string;
  target: Pick<Entity, 'kind' | 'name'>;
  /** Entity the statement replaced, resolved. */
  replaces: string | null;
  ends: string | null;
  /** Things the statement names (besides the speaker and the replaced value), to anchor a replacement. */
  anchors: readonly string[];
  /** A replaced value named only in words ("from epoxy-coated to galvanized bars"). */
  replacesText?: string | null;
  /** The statement's text, and the kind of its subject (the new fact's source). */
  statement?: string;
  sourceKind?: string;
}

/** What a value is, for "a new value of the same sort replaces the old": member sizes, loads in the same unit, codes of one family. */
export function valueSort(kind: string, name: string): string | null {
  switch (kind) {
    case 'member_size':
    case 'rebar':
    case 'ratio':
    case 'software':
      return kind;
    case 'quantity':
      return `quantity:${unitOf(name)}`;
    case 'classification':
      return `classification:${name.replace(/(?<!\s)\s+\S+$/, '').toLowerCase()}`;
    case 'code':
      return `code:${name.split(/[\s\d]/)[0]!.toLowerCase()}`;
    default:
      return null;
  }
}

/** A unit's spelling variants are one unit ("in." and "in", "kip" and "kips", "kN/m2" and "kN/m²"); different units stay apart (see the report). */
function unitOf(quantity: string): string {
  return quantity
    .replace(/^f'c\s?=?\s?/i, '')
    .replace(/^[\d.,\s]+/, '')
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/²/g, '2')
    .replace(/^kips?$/, 'kip');
}

const base = (relation: string) => relation.replace(/^NO_LONGER_/, '');

/** Words too general to tie two statements to one activity or thing. */
const LIGHT_WORDS = new Set(
  `work works working worked use uses using used does doing done make makes made take takes took taken have having with from that this these those they them their
  there what when which will would been being were about over into onto longer anymore more still also just only now then than some each other same
  took over after before because since while until here week today last next
  weeks month months year years days ago recently lately`.split(/\s+/),
);

/** Content words of a statement, cut to five letters so "checks" and "checking" meet; `names`' words are not content. */
export function topicStems(text: string, names: readonly string[] = []): Set<string> {
  const named = new Set(names.flatMap((n) => n.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
  const words = text.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
  return new Set(words.filter((w) => !LIGHT_WORDS.has(w) && !named.has(w)).map((w) => w.slice(0, 5)));
}

/**
 * Whether two statements are about the same activity or thing: a content word in common. The
 * people they name are not a topic ("John left his IT job" shares "John" with everything John said).
 */
export function sharesTopic(a: string, b: string, names: readonly string[] = []): boolean {
  const stems = topicStems(b, names);
  for (const w of topicStems(a, names)) if (stems.has(w)) return true;
  return false;
}

/** Kinds whose entities are people: a statement's fallback far end is the person spoken to, not a thing. */
const PERSON_KINDS = new Set(['speaker', 'person', 'name']);

/** The words a "no longer …" ends, up to the end of that clause. */
export function endedClause(statement: string): string {
  const m = ENDING_CUES.exec(statement);
  if (!m) return '';
  return statement.slice(m.index + m[0].length).split(/[;.!?]/)[0]!;
}

/** The values a statement states, with their sort and normalised name. */
export function statedValues(text: string): { sort: string; norm: string }[] {
  return findMentions(text).flatMap((m) => {
    const sort = valueSort(m.kind, m.name);
    return sort ? [{ sort, norm: normName(m.name) }] : [];
  });
}

/** Whether `text` names `name` as whole words. */
export function names(text: string, name: string): boolean {
  const norm = normName(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (!norm) return false;
  return ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `.includes(` ${norm} `);
}

const NOT_QUALIFIERS = new Set([
  'the',
  'a',
  'an',
  'this',
  'that',
  'these',
  'those',
  'its',
  'their',
  'our',
  'each',
  'every',
  'all',
  'both',
  'of',
  'and',
  'is',
  'are',
]);

/** The word that qualifies an element word in a statement ("roof" in "the roof live load"), null when none. */
export function qualifier(text: string, element: string): string | null {
  const word = element.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // "level 3 beams": a number qualifies too (levels, grid lines), so the level 2 and level 3 beams stay two things.
  const m = new RegExp(`(?:^|[^\\p{L}\\p{N}-])([\\p{L}\\p{N}-]+)\\s+${word}(?:e?s)?(?![\\p{L}])`, 'iu').exec(text);
  const q = m?.[1]?.toLowerCase() ?? null;
  return q && !NOT_QUALIFIERS.has(q) ? q : null;
}

/** "From epoxy-coated to galvanized bars" retires a statement of the old words on the same topic that does not already say the new ones. */
function replacedInWords(next: NewFactShape, fact: Candidate['fact'], statement: string): boolean {
  if (
    !next.replacesText ||
    fact.fact === undefined ||
    !names(fact.fact, next.replacesText) ||
    names(fact.fact, next.target.name)
  )
    return false;
  const without = (text: string) => text.toLowerCase().replaceAll(next.replacesText!.toLowerCase(), ' ');
  return sharesTopic(without(statement), without(fact.fact));
}

/** Two statements about an element word qualified differently ("level 3 beams", "level 2 beams"). */
function differentQualifiers(
  next: Pick<NewFactShape, 'sourceKind'>,
  statement: string,
  old: string,
  sourceName: string | null | undefined,
): boolean {
  if (next.sourceKind !== 'element' || !sourceName) return false;
  const a = qualifier(statement, sourceName);
  const b = qualifier(old, sourceName);
  return a !== null && b !== null && a !== b;
}

/** Subjects that do not pin a statement to one thing: a noun phrase the extractor fell back on, or the speaker. */
const WEAK_SUBJECTS = new Set(['topic', 'speaker']);

/**
 * The stored facts the new one contradicts. Facts already ended are
 * candidates too; the interval rule sorts them out. Without a statement
 * (an extractor that gives none) only the relation and value rules apply.
 */
/**
 * Whether contradicted() can find anything for a new fact, before its
 * candidates are gathered: only a functional relationship, a value of a
 * known sort, a replacement or an ending can retire a fact. Ordinary speech
 * ("Caroline went to a support group") does none, and gathering every fact
 * of a speaker for it would make ingestion quadratic in a conversation.
 */
export const mayContradict = (
  next: Pick<NewFactShape, 'relation' | 'target' | 'replaces' | 'replacesText' | 'ends'>,
): boolean =>
  next.ends !== null ||
  !!next.replaces ||
  !!next.replacesText ||
  FUNCTIONAL.has(base(next.relation)) ||
  valueSort(next.target.kind, next.target.name) !== null;

export function contradicted(next: NewFactShape, candidates: readonly Candidate[]): Candidate[] {
  const sort = valueSort(next.target.kind, next.target.name);
  const statement = next.statement ?? '';
  const changes = CHANGE_CUES.test(statement);
  const nextNorm = normName(next.target.name);
  return candidates.filter(({ fact, otherKind, otherName, sourceName }) => {
    const people = [sourceName ?? '', ...(otherKind !== null && PERSON_KINDS.has(otherKind) ? [otherName ?? ''] : [])];
    if (fact.sourceUuid === next.sourceUuid && fact.targetUuid === next.targetUuid) {
      // "No longer" ends what was said between the two: everything when the far end is a thing ("no longer works
      // at Halcrow"); between two people, who say many things to each other, only what is about the ended activity.
      if (next.ends !== null) {
        if (fact.name.startsWith('NO_LONGER_')) return false;
        if (otherKind === null || !PERSON_KINDS.has(otherKind) || base(fact.name) === base(next.relation)) return true;
        return fact.fact !== undefined && sharesTopic(endedClause(statement), fact.fact, people);
      }
      if (base(fact.name) === base(next.relation)) return false;
    }
    if (next.replaces && (fact.sourceUuid === next.replaces || fact.targetUuid === next.replaces)) {
      // "Replaced X with Y" ends X's facts with the things the statement names; naming none, those on the same topic.
      const far = fact.sourceUuid === next.replaces ? fact.targetUuid : fact.sourceUuid;
      if (far === next.sourceUuid || next.anchors.includes(far)) return true;
      if (
        next.anchors.length === 0 &&
        (!next.statement || (fact.fact !== undefined && sharesTopic(statement, fact.fact)))
      )
        return true;
      // Not tied by the replaced thing; a value the message before ended ("they were replaced by …") may still tie them.
      return replacedInWords(next, fact, statement);
    }
    if (replacedInWords(next, fact, statement)) return true;
    // "Kenji no longer works on the fatigue checks" ends Kenji's facts about fatigue checks, whatever their far end.
    if (
      next.ends !== null &&
      fact.sourceUuid === next.sourceUuid &&
      fact.fact !== undefined &&
      !fact.name.startsWith('NO_LONGER_')
    ) {
      if (sharesTopic(endedClause(statement), fact.fact, people)) return true;
    }
    if (fact.targetUuid === next.targetUuid) return false;
    // A change of value for a thing retires an older statement about that thing that gave another value of the same sort
    // ("the drilled piers grow to 36 in" retires "the foundations are drilled piers, 30 in diameter").
    // A "no longer" gives no new value (its value is the one it ends), and "the level 2 beams" are not "the level 3 beams".
    if (
      sort !== null &&
      changes &&
      next.ends === null &&
      fact.fact !== undefined &&
      (fact.sourceUuid === next.sourceUuid || fact.targetUuid === next.sourceUuid) &&
      !differentQualifiers(next, statement, fact.fact, sourceName)
    ) {
      const values = statedValues(fact.fact);
      if (values.some((v) => v.sort === sort && v.norm !== nextNorm) && !values.some((v) => v.norm === nextNorm))
        return true;
    }
    // A change of value whose subject the extractor could not pin down retires the same-sort value of a thing the statement names
    // ("…, so the school moved to risk category IV" retires "the school is risk category III").
    if (
      sort !== null &&
      changes &&
      WEAK_SUBJECTS.has(next.sourceKind ?? '') &&
      fact.sourceUuid !== next.sourceUuid &&
      sourceName &&
      names(statement, sourceName) &&
      otherKind !== null &&
      otherName !== null &&
      valueSort(otherKind, otherName) === sort
    )
      return true;
    if (fact.sourceUuid !== next.sourceUuid) return false;
    if (FUNCTIONAL.has(base(next.relation)) && base(fact.name) === base(next.relation)) return true;
    // An element word ("beam", "live load") names a type, not one thing: "the main glulam beams" and "the beam",
    // "the roof live load" and "the floor live load" are different things unless the statement says something changed.
    // A change may drop the qualifier ("the beam was upsized"), but two different ones ("level 3", "level 2") are two things.
    if (next.sourceKind === 'element' && next.statement !== undefined && fact.fact !== undefined && sourceName) {
      const a = qualifier(statement, sourceName);
      const b = qualifier(fact.fact, sourceName);
      if (changes ? a !== null && b !== null && a !== b : a !== b) return false;
    }
    return sort !== null && otherKind !== null && otherName !== null && valueSort(otherKind, otherName) === sort;
  });
}

export interface TemporalUpdate {
  uuid: string;
  invalidAt: string;
}

/**
 * Graphiti's rule: intervals that do not overlap are left alone; an older fact
 * ends when the newer one begins; a contradicting fact that is newer than the
 * incoming one (messages ingested out of order) ends the incoming one instead.
 */
export function applyIntervals(
  next: { validAt: string; invalidAt: string | null },
  olds: readonly Pick<Fact, 'uuid' | 'validAt' | 'invalidAt'>[],
): { invalidateOld: TemporalUpdate[]; newInvalidAt: string | null } {
  let newInvalidAt = next.invalidAt;
  const invalidateOld: TemporalUpdate[] = [];
  for (const old of olds) {
    const oldValid = old.validAt ?? '';
    if (old.invalidAt !== null && old.invalidAt <= next.validAt) continue;
    if (newInvalidAt !== null && newInvalidAt <= oldValid) continue;
    if (oldValid < next.validAt) {
      if (old.invalidAt === null) invalidateOld.push({ uuid: old.uuid, invalidAt: next.validAt });
    } else if (oldValid > next.validAt && (newInvalidAt === null || oldValid < newInvalidAt)) {
      newInvalidAt = oldValid;
    }
  }
  return { invalidateOld, newInvalidAt };
}
