// Bi-temporal validity at read time: a statement that a later one replaced is
// history, not a current answer. Ingestion retires a fact when it can tie the
// new statement to the old one's subject; when the extractor could not (the
// subject was a clause it misread: "Beam B1 is now a W18x40 because a unit sits
// on it"), the question names the thing itself. So among the facts ranked for a
// question about a thing: of the facts that name that thing and state a value of one sort (a member size, a quantity in one unit, a
// count of levels, a code of one family), only the latest value is current; a
// fact stating another value of that sort, and not the latest, is superseded
// and ranks after the current ones.
import { findMentions } from '../extraction/mentions.ts';
import { names, qualifier, statedValues } from '../graph/invalidate.ts';
import type { StoredFact } from '../model.ts';

/** A superseded statement keeps this share of its relevance: still returned as history when there is room, never above a current answer. */
export const SUPERSEDED_WEIGHT = 0.25;

/** Kinds of mention that name a thing (as opposed to a value or a person). */
const THING_KINDS = new Set(['member', 'element', 'project', 'grid', 'level', 'sheet', 'organisation', 'quoted']);

const NUMBER_WORDS = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const COUNT = new RegExp(
  String.raw`\b(\d{1,3}|${NUMBER_WORDS.join('|')})[-\s](stor(?:y|ey|ies|eys)|levels?|floors?|bays?|spans?)\b`,
  'gi',
);

/** Counts of a building's parts ("five-level", "six levels", "12-story"), as values of one sort per part. */
export function countValues(text: string): { sort: string; norm: string }[] {
  return [...text.matchAll(COUNT)].map((m) => {
    const n = /^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS.indexOf(m[1]!.toLowerCase());
    const part = m[2]!
      .toLowerCase()
      .replace(/ies$/, 'y')
      .replace(/eys?$/, 'ey')
      .replace(/s$/, '')
      .replace(/^storey$/, 'story');
    return { sort: `count:${part}`, norm: String(n) };
  });
}

const valuesOf = (text: string) => [...statedValues(text), ...countValues(text)];

/** A project's name ends in what it is ("Harbor View Garage"): "the garage" names it too. */
function namesThing(text: string, thing: { name: string; kind: string }): boolean {
  if (names(text, thing.name)) return true;
  const head = thing.name.split(/\s+/).at(-1)!;
  return thing.kind === 'project' && thing.name.includes(' ') && new RegExp(`\\bthe ${head}\\b`, 'i').test(text);
}

/**
 * The things a question names: its own mentions of things, and the stored entities
 * (not people) whose whole name it contains.
 */
export function thingsNamed(
  query: string,
  entities: readonly { name: string; kind: string }[],
): { name: string; kind: string }[] {
  const out = new Map<string, { name: string; kind: string }>();
  for (const m of findMentions(query)) if (THING_KINDS.has(m.kind)) out.set(m.name.toLowerCase(), m);
  for (const e of entities) if (names(query, e.name)) out.set(e.name.toLowerCase(), e);
  return [...out.values()];
}

const later = (a: StoredFact, b: StoredFact) =>
  (a.validAt ?? a.createdAt) > (b.validAt ?? b.createdAt) ||
  ((a.validAt ?? a.createdAt) === (b.validAt ?? b.createdAt) && a.createdAt > b.createdAt);

/** The uuids of the facts among `facts` that a later one of them supersedes for one of the question's things. */
export function superseded(
  query: string,
  things: readonly { name: string; kind: string }[],
  facts: readonly StoredFact[],
): Set<string> {
  const out = new Set<string>();
  const values = new Map(facts.map((f) => [f.uuid, valuesOf(f.fact)]));
  if (!things.length) return out;
  // "the roof live load" and "the floor live load" are two things: a qualified element word must be qualified alike;
  // "the moment frame columns" is not "the moment frame beam": a fact is about the question's thing when it names all
  // that the question names.
  const about = facts.filter((f) =>
    things.every(
      (thing) =>
        namesThing(f.fact, thing) &&
        (thing.kind !== 'element' || qualifier(f.fact, thing.name) === qualifier(query, thing.name)),
    ),
  );
  const sorts = new Set(about.flatMap((f) => values.get(f.uuid)!.map((v) => v.sort)));
  for (const sort of sorts) {
    const stating = about.filter((f) => values.get(f.uuid)!.some((v) => v.sort === sort));
    const latest = stating.reduce((a, b) => (later(b, a) ? b : a));
    // The value a statement ends on is the one it gives ("upsized from the W18x50 to a W21x62", "went up to 120 mph").
    const current = values
      .get(latest.uuid)!
      .filter((v) => v.sort === sort)
      .at(-1)!.norm;
    for (const f of stating) {
      if (f !== latest && !values.get(f.uuid)!.some((v) => v.sort === sort && v.norm === current)) out.add(f.uuid);
    }
  }
  return out;
}
