// Entity resolution (pure): an extracted name becomes an existing entity when
// the normalised names are equal, or when both are long and varied enough and
// their character-trigram Jaccard is at least 0.9; a lone first name or
// surname becomes the one full-name person of the group it can stand for;
// otherwise a new entity.
import { fuzzySame, normName } from './names.ts';
import type { Entity } from '../model.ts';
import type { ExtractedEntity } from '../extraction/extractor.ts';

export interface Resolution {
  /** Extracted name (lower-case) → the entity it resolved to. */
  byName: Map<string, Entity>;
  created: Entity[];
}

/** Kinds a person's name can have: a capitalised name, or the speaker. */
const PERSON_KINDS = new Set(['name', 'speaker']);

/** "Kenji Sato", "Ana de la Cruz": two to four words, letters only. */
const fullName = (norm: string) => /^\p{L}[\p{L}'’-]*(?: \p{L}[\p{L}'’-]*){1,3}$/u.test(norm);

/**
 * A lone word that is the first or last word of exactly one full name in
 * `people` ("Kenji" or "Sato" for Kenji Sato) stands for that person. Two
 * people sharing the word ("Sam Ortiz", "Sam Lee") make it ambiguous: no link,
 * since retiring the wrong person's facts is worse than missing a link.
 */
export function personByPartName(norm: string, people: readonly Entity[]): Entity | null {
  if (!/^\p{L}[\p{L}'’-]+$/u.test(norm)) return null;
  const matches = new Map<string, Entity>();
  for (const p of people) {
    if (!PERSON_KINDS.has(p.kind) || !fullName(p.normName)) continue;
    const words = p.normName.split(' ');
    if (words[0] === norm || words.at(-1) === norm) matches.set(p.uuid, p);
  }
  return matches.size === 1 ? [...matches.values()][0]! : null;
}

/** `people`: stored entities that a lone first name or surname may stand for (see personByPartName). */
export function resolveEntities(
  extracted: readonly ExtractedEntity[],
  exact: readonly Entity[],
  fuzzyCandidates: readonly Entity[],
  make: (e: ExtractedEntity, norm: string) => Entity,
  people: readonly Entity[] = [],
): Resolution {
  const byNorm = new Map<string, Entity>();
  for (const e of exact) if (!byNorm.has(e.normName)) byNorm.set(e.normName, e);
  const byName = new Map<string, Entity>();
  const created: Entity[] = [];
  for (const x of extracted) {
    const norm = normName(x.name);
    if (!norm) continue;
    let entity = byNorm.get(norm);
    if (!entity) entity = [...fuzzyCandidates, ...created].find((c) => fuzzySame(norm, c.normName));
    if (!entity && x.kind === 'name') entity = personByPartName(norm, [...people, ...created]) ?? undefined;
    if (!entity) {
      entity = make(x, norm);
      created.push(entity);
    }
    byNorm.set(norm, entity);
    byName.set(x.name.toLowerCase(), entity);
  }
  return { byName, created };
}
