// What a query asks, read before retrieval: which people it names (they
// narrow the candidates but must not be what ranks them — a person's name is
// in everything they said) and whether it asks for a time.
import type { Entity } from '../model.ts';

/** Entity kinds that are people: every statement of theirs, greetings included, carries the name. */
const PERSON_KINDS = new Set(['speaker', 'person', 'name']);

/**
 * The query without the conversation's speakers, for the full-text lists: "When did
 * Caroline go to the support group?" ranks by "go to the support group",
 * while the name narrows through the graph. Only speakers leave: their names
 * are in everything they said, while anyone or anything else named (a friend,
 * a pet: "What breed is Daisy?") is what the question is about (LoCoMo hit@10
 * 0.783 → 0.799 against removing every name). The whole query when nothing
 * else is left ("What about Caroline?").
 */
export function withoutPeople(query: string, named: readonly Entity[]): string {
  let rest = query;
  for (const e of named.filter((x) => x.kind === 'speaker')) {
    for (const w of e.name.split(/\s+/))
      rest = rest.replace(new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:'s|’s)?\\b`, 'gi'), ' ');
  }
  const content = rest.replace(/\s+/g, ' ').trim();
  return /[\p{L}\p{N}]{3,}/u.test(content) ? content : query;
}

export const isPerson = (e: Pick<Entity, 'kind'>): boolean => PERSON_KINDS.has(e.kind);

/** "When did …", "What year …", "How long ago …": the answer is a time, so facts that carry a date rank first among equals. */
export const asksWhen = (query: string): boolean =>
  /\b(?:when|what (?:year|month|day|date|time)|which (?:year|month|day)|how long ago|since when)\b/i.test(query);
