// Which stored facts a new fact contradicts, and Graphiti's interval rule for
// what that does to each side. Pure functions over fact records.
import { FUNCTIONAL } from '../extraction/relations.ts';
import type { Entity, Fact } from '../model.ts';

export interface Candidate {
  fact: Pick<Fact, 'uuid' | 'sourceUuid' | 'targetUuid' | 'name' | 'validAt' | 'invalidAt'>;
  /** Kind of the old fact's far end, as seen from the new fact's source. */
  otherKind: string | null;
  otherName: string | null;
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
  /** Other entities the statement names (besides the speaker), to anchor a replacement. */
  anchors: readonly string[];
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
      return `quantity:${name.replace(/^[\d.,\s=f'c]+/i, '').toLowerCase()}`;
    case 'classification':
      return `classification:${name.replace(/\s+\S+$/, '').toLowerCase()}`;
    case 'code':
      return `code:${name.split(/[\s\d]/)[0]!.toLowerCase()}`;
    default:
      return null;
  }
}

const base = (relation: string) => relation.replace(/^NO_LONGER_/, '');

/** The stored facts the new one contradicts. Facts already ended are candidates too; the interval rule sorts them out. */
export function contradicted(next: NewFactShape, candidates: readonly Candidate[]): Candidate[] {
  const sort = valueSort(next.target.kind, next.target.name);
  return candidates.filter(({ fact, otherKind, otherName }) => {
    if (fact.sourceUuid === next.sourceUuid && fact.targetUuid === next.targetUuid) {
      // "No longer" ends whatever was said between the two; otherwise the same relationship again is a duplicate.
      if (next.ends !== null) return !fact.name.startsWith('NO_LONGER_');
      if (base(fact.name) === base(next.relation)) return false;
    }
    if (next.replaces && (fact.sourceUuid === next.replaces || fact.targetUuid === next.replaces)) {
      const far = fact.sourceUuid === next.replaces ? fact.targetUuid : fact.sourceUuid;
      return next.anchors.length === 0 || next.anchors.includes(far) || far === next.sourceUuid;
    }
    if (fact.sourceUuid !== next.sourceUuid || fact.targetUuid === next.targetUuid) return false;
    if (FUNCTIONAL.has(base(next.relation)) && base(fact.name) === base(next.relation)) return true;
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
