// Entity resolution (pure): an extracted name becomes an existing entity when
// the normalised names are equal, or when both are long and varied enough and
// their character-trigram Jaccard is at least 0.9; otherwise a new entity.
import { fuzzySame, normName } from './names.ts';
import type { Entity } from '../model.ts';
import type { ExtractedEntity } from '../extraction/extractor.ts';

export interface Resolution {
  /** Extracted name (lower-case) → the entity it resolved to. */
  byName: Map<string, Entity>;
  created: Entity[];
}

export function resolveEntities(
  extracted: readonly ExtractedEntity[],
  exact: readonly Entity[],
  fuzzyCandidates: readonly Entity[],
  make: (e: ExtractedEntity, norm: string) => Entity,
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
    if (!entity) {
      entity = make(x, norm);
      created.push(entity);
    }
    byNorm.set(norm, entity);
    byName.set(x.name.toLowerCase(), entity);
  }
  return { byName, created };
}
