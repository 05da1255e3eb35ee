// The default extractor: no model, no network. Entities are the speaker and
// the mentions of ./mentions.ts; each sentence with an entity other than the
// speaker becomes one fact (first person rewritten to the speaker), its
// relationship named by ./relations.ts. Replacements ("replaced X with Y",
// "from X to Y", "Y instead of X") and endings ("no longer") are marked for
// invalidation.
import { LIMITS } from '../../../core/limits.ts';
import {
  speakerOf,
  type ExtractedEntity,
  type ExtractedFact,
  type Extraction,
  type ExtractionInput,
  type Extractor,
} from './extractor.ts';
import { findMentions, type Mention } from './mentions.ts';
import { CHANGE_CUES, ENDING_CUES, RELATION_PATTERNS } from './relations.ts';
import { informative, speechFacts } from './speech.ts';
import { groundTime } from './time.ts';

/** Value-like kinds: a fact pointing at one is about a thing's value, so the thing is the subject. */
const VALUE_KINDS = new Set([
  'member_size',
  'rebar',
  'quantity',
  'ratio',
  'code',
  'clause',
  'software',
  'classification',
]);
const THING_KINDS = new Set([
  'member',
  'element',
  'level',
  'grid',
  'project',
  'sheet',
  'name',
  'organisation',
  'quoted',
]);

export function splitSentences(text: string): string[] {
  return text
    .replace(/\r/g, '')
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z#0-9§])|\n+/)
    .flatMap(boundedPieces)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A "sentence" longer than any real one (core/limits.ts) is read in pieces cut at a space, so the patterns' work per sentence stays bounded. */
function boundedPieces(sentence: string): string[] {
  const max = LIMITS.memoryMaxSentenceChars;
  if (sentence.length <= max) return [sentence];
  const out: string[] = [];
  let at = 0;
  while (at < sentence.length) {
    let end = Math.min(sentence.length, at + max);
    if (end < sentence.length) {
      const space = sentence.lastIndexOf(' ', end);
      if (space > at) end = space;
    }
    out.push(sentence.slice(at, end));
    at = end;
  }
  return out;
}

function singular(name: string): string {
  if (/trusses$/i.test(name)) return name.slice(0, -2);
  return name.replace(/([^s])s$/i, '$1');
}

function firstPerson(text: string, speaker: string): string {
  return text
    .replace(/\bI'm\b/g, `${speaker} is`)
    .replace(/\bI've\b/g, `${speaker} has`)
    .replace(/\bI'll\b/g, `${speaker} will`)
    .replace(/\bI'd\b/g, `${speaker} would`)
    .replace(/\bI\b/g, speaker)
    .replace(/\b(?:my|My)\b/g, `${speaker}'s`)
    .replace(/\bme\b/g, speaker);
}

const FIRST_PERSON = /\b(?:I|I'm|I've|I'll|I'd|we|We|we're|We're|we've|We've|our|Our|my|My)\b/;

function replacement(sentence: string, mentions: Mention[]): { old: Mention; next: Mention } | null {
  const at = (re: RegExp) => re.exec(sentence)?.index ?? -1;
  const before = (i: number) => mentions.filter((m) => m.end <= i).at(-1) ?? null;
  const after = (i: number) => mentions.find((m) => m.start >= i) ?? null;
  // "replaced X with Y", "swapped X for Y"
  let m = /\b(?:replaced|swapped|replace|swap)\b(?!\s+(?:by|with|for)\b)/i.exec(sentence);
  if (m) {
    const x = after(m.index + m[0].length);
    const sep = x ? /\b(?:with|for|by)\b/i.exec(sentence.slice(x.end)) : null;
    const y = x && sep ? after(x.end + sep.index) : null;
    if (x && y) return { old: x, next: y };
  }
  // "X was replaced by Y", "X swapped for Y"
  m = /\b(?:replaced\s+(?:by|with)|swapped\s+(?:for|with|to))\b/i.exec(sentence);
  if (m) {
    const x = before(m.index);
    const y = after(m.index + m[0].length);
    if (x && y) return { old: x, next: y };
  }
  // "from X to Y"
  m = /\bfrom\b/i.exec(sentence);
  if (m) {
    const x = after(m.index + m[0].length);
    const to = x ? /\bto\b/i.exec(sentence.slice(x.end)) : null;
    const y = x && to ? after(x.end + to.index) : null;
    if (x && y && x.kind === y.kind) return { old: x, next: y };
  }
  // "Y instead of X"
  const i = at(/\binstead\s+of\b/i);
  if (i >= 0) {
    const y = before(i);
    const x = after(i);
    if (x && y) return { old: x, next: y };
  }
  return null;
}

/** A mention right after a preposition qualifies another ("Kenji Sato at Alder and Finch Engineers is checking"): it is not the subject. */
const PREPOSITIONAL =
  /\b(?:at|from|of|in|on|with|by|near|along|under|over|for)\s+(?:(?:the|a|an)\s+)?(?:[a-z][\w-]*\s+)?$/i;

/**
 * "switched the topping rebar from epoxy-coated to galvanized bars": a change
 * between two values said only in words (no mention inside either).
 */
export function wordedChange(
  sentence: string,
  mentions: readonly Mention[],
): { old: string; next: Mention; index: number } | null {
  const m =
    /\bfrom\s+((?:(?:the|a|an)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)\s+to\s+((?:(?:the|a|an)\s+)?[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?=\s+(?:after|because|for|since|due|in|on|at|with|so|and|but)\b|\s*[,.;!?]|\s*$)/.exec(
      sentence,
    );
  if (!m) return null;
  const end = m.index + m[0].length;
  if (mentions.some((x) => x.start < end && x.end > m.index)) return null;
  const bare = (t: string) => t.replace(/^(?:the|a|an)\s+/, '');
  const next = bare(m[2]!);
  const start = m.index + m[0].lastIndexOf(next);
  return { old: bare(m[1]!), next: { name: next, kind: 'topic', start, end: start + next.length }, index: m.index };
}

const DETERMINERS = new Set([
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
  'my',
  'your',
  'his',
  'her',
  'all',
  'both',
  'each',
  'so',
  'and',
  'but',
  'then',
  'now',
  'also',
]);

/** With no entity before the verb, the noun phrase there is the subject ("the first vertical frequency dropped to …"). */
function topicBefore(sentence: string, verbIndex: number): Mention | null {
  const clause = sentence
    .slice(0, verbIndex)
    .split(/[,;:]|\b(?:so|and|but|because|while)\b/)
    .at(-1)!;
  const words = clause.trim().split(/\s+/).filter(Boolean);
  while (words.length && DETERMINERS.has(words[0]!.toLowerCase())) words.shift();
  const phrase = words.slice(-4);
  if (!phrase.length || phrase.some((w) => !/^[a-z][a-z-]*$/.test(w)) || phrase.join(' ').length < 4) return null;
  const name = singular(phrase.join(' '));
  const start = sentence.lastIndexOf(phrase[0]!, verbIndex);
  return { name, kind: 'topic', start, end: start + phrase.join(' ').length };
}

/**
 * "Beam B1 is a W16x31. The beam was upsized …": a bare element word right
 * after a determiner ("the beam", "this girder") stands for the one member of
 * that type the previous sentence of the same message named. Nothing when that
 * sentence named none or several, or when this sentence names one itself.
 */
export function antecedent(
  m: Mention,
  mentions: readonly Mention[],
  sentence: string,
  previous: readonly Mention[],
): Mention | null {
  if (!/\b(?:the|this|that)\s+$/i.test(sentence.slice(0, m.start))) return null;
  const type = (x: Mention) => x.name.split(/\s+/)[0]!.toLowerCase();
  if (mentions.some((x) => x.kind === 'member' && type(x) === m.name)) return null;
  const members = [...new Set(previous.filter((x) => x.kind === 'member' && type(x) === m.name).map((x) => x.name))];
  return members.length === 1 ? { ...m, name: members[0]!, kind: 'member' } : null;
}

export function extractSentence(
  sentence: string,
  speaker: string,
  previous: Mention[],
): { mentions: Mention[]; fact: ExtractedFact | null } {
  // "Omar Haddad here from …" in Omar's own message names the speaker.
  const isSpeaker = (m: Mention) =>
    m.kind === 'name' && m.name.split(' ')[0]!.toLowerCase() === speaker.split(' ')[0]!.toLowerCase();
  const found = findMentions(sentence).map((m) =>
    m.kind === 'element'
      ? { ...m, name: singular(m.name.toLowerCase()) }
      : isSpeaker(m)
        ? { ...m, name: speaker, kind: 'speaker' }
        : m,
  );
  const mentions = found.map((m) => (m.kind === 'element' ? (antecedent(m, found, sentence, previous) ?? m) : m));
  const others = mentions.filter((m) => m.name.toLowerCase() !== speaker.toLowerCase());
  if (!others.length) return { mentions, fact: null };
  const fact = firstPerson(sentence, speaker);
  const ends = ENDING_CUES.test(sentence);
  const swap = CHANGE_CUES.test(sentence) ? replacement(sentence, others) : null;

  // The earliest relationship verb names the fact; a bare "is"/"of" only when there is no other.
  let verb: { relation: string; index: number; end: number } | null = null;
  for (const p of RELATION_PATTERNS) {
    if (p.relation === 'HAS_VALUE' && verb) break;
    const m = p.re.exec(sentence);
    if (m && (!verb || m.index < verb.index))
      verb = { relation: p.relation, index: m.index, end: m.index + m[0].length };
  }

  const speakerMention: Mention = { name: speaker, kind: 'speaker', start: -1, end: -1 };
  let subject: Mention | null = null;
  let object: Mention | null = null;
  if (swap) {
    const anchor = others.find((m) => m !== swap.old && m !== swap.next && THING_KINDS.has(m.kind)) ?? null;
    subject = anchor ?? swap.old;
    object = swap.next;
  } else if (verb) {
    const v = verb;
    // The nearest mention before the verb, passing over locations that qualify it ("beam B3 at grid C-4 uses").
    // A thing named inside the verb ("revised the roof snow load to 30 psf") is what changed.
    const before = others.filter((m) => m.end <= v.index);
    const located = before.filter((m) => m.kind !== 'grid' && m.kind !== 'level');
    subject =
      others.find((m) => m.start >= v.index && m.end <= v.end && !VALUE_KINDS.has(m.kind)) ??
      located.filter((m) => !PREPOSITIONAL.test(sentence.slice(0, m.start))).at(-1) ??
      located.at(-1) ??
      before.at(-1) ??
      null;
    object = others.find((m) => m.start >= v.end && m !== subject) ?? null;
    if (subject && subject.start >= v.index && subject.end <= v.end) verb = { ...v, relation: 'CHANGED_TO' };
    if (!subject && FIRST_PERSON.test(sentence.slice(0, v.index))) subject = speakerMention;
    if (!subject) subject = topicBefore(sentence, v.index);
    if (!object) object = others.find((m) => m !== subject) ?? null;
    if (!subject) subject = others.find((m) => m !== object) ?? speakerMention;
  } else {
    subject = others.length > 1 ? others[0]! : speakerMention;
    object = others.length > 1 ? others[1]! : others[0]!;
  }
  // "We went with a W14x30 for beam B3": the beam, not the speaker, is what has the size.
  if (
    subject &&
    object &&
    (subject.kind === 'speaker' || VALUE_KINDS.has(subject.kind)) &&
    VALUE_KINDS.has(object.kind)
  ) {
    const thing =
      others.find((m) => THING_KINDS.has(m.kind) && m !== object) ??
      (subject.kind === 'speaker' ? previous.find((m) => THING_KINDS.has(m.kind)) : undefined);
    if (thing) subject = thing;
  }
  const worded = !swap && CHANGE_CUES.test(sentence) ? wordedChange(sentence, others) : null;
  if (worded) {
    subject =
      others.filter((m) => m.end <= worded.index && THING_KINDS.has(m.kind)).at(-1) ??
      topicBefore(sentence, worded.index) ??
      subject;
    object = worded.next;
  }
  if (!subject || !object || subject.name.toLowerCase() === object.name.toLowerCase()) return { mentions, fact: null };
  const relation = swap
    ? subject === swap.old
      ? 'REPLACED_BY'
      : 'CHANGED_TO'
    : worded
      ? 'CHANGED_TO'
      : (verb?.relation ?? 'RELATES_TO');
  return {
    mentions: [...mentions, ...[subject, object].filter((m) => m !== speakerMention && !mentions.includes(m))],
    fact: {
      source: subject.name,
      target: object.name,
      relation: ends && !swap ? `NO_LONGER_${relation}` : relation,
      fact,
      replaces: swap ? swap.old.name : null,
      ends: ends && !swap ? relation : null,
      ...(worded ? { replacesText: worded.old } : {}),
      context: [
        ...new Set(
          [
            ...(subject.kind === 'topic' ? [subject] : []),
            ...others.filter((m) => THING_KINDS.has(m.kind) && m !== swap?.old),
          ].map((m) => m.name),
        ),
      ],
    },
  };
}

/** Where a sentence joins clauses with their own subject: ";" or "and" before a determiner ("… are W10x49 and the beam is a W18x50"). */
const CLAUSE_BREAK = /(?:(?<!\s)\s+)?;\s*|,?(?<!\s)\s+and\s+(?=(?:the|a|an|its|their)\s)/i;
const HAS_VERB = (clause: string) => RELATION_PATTERNS.some((p) => p.re.test(clause));

/**
 * One fact per clause when every clause has a verb and yields a fact of its
 * own, so a later change of one clause's value retires only that clause;
 * otherwise one fact for the whole sentence.
 */
function extractClauses(
  sentence: string,
  speaker: string,
  previous: Mention[],
): { mentions: Mention[]; facts: ExtractedFact[] } {
  const clauses = sentence
    .split(CLAUSE_BREAK)
    .map((c) => c.trim())
    .filter(Boolean);
  if (clauses.length > 1 && clauses.every(HAS_VERB)) {
    const parts: { mentions: Mention[]; fact: ExtractedFact | null }[] = [];
    let context = previous;
    for (const clause of clauses) {
      const part = extractSentence(clause, speaker, context);
      parts.push(part);
      if (part.mentions.length) context = part.mentions;
    }
    if (parts.every((p) => p.fact))
      return { mentions: parts.flatMap((p) => p.mentions), facts: parts.map((p) => p.fact!) };
  }
  const whole = extractSentence(sentence, speaker, previous);
  return { mentions: whole.mentions, facts: whole.fact ? [whole.fact] : [] };
}

/**
 * Each sentence: questions and phatic sentences state nothing; a sentence
 * the engineering reading (mentions, verb table, replacements) turns into
 * facts keeps them; any other informative sentence is read as ordinary
 * speech (./speech.ts). Dates a fact speaks of are grounded (./time.ts).
 */
export function extractDeterministic(input: ExtractionInput): Extraction {
  const speaker = speakerOf(input);
  const addressee = input.addressee && input.addressee.toLowerCase() !== speaker.toLowerCase() ? input.addressee : null;
  const entities = new Map<string, ExtractedEntity>([[speaker.toLowerCase(), { name: speaker, kind: 'speaker' }]]);
  const add = (e: ExtractedEntity) => {
    if (!entities.has(e.name.toLowerCase())) entities.set(e.name.toLowerCase(), e);
  };
  if (addressee) add({ name: addressee, kind: 'speaker' });
  const facts: ExtractedFact[] = [];
  let previous: Mention[] = [];
  let lastPerson: string | null = null;
  for (const sentence of splitSentences(input.content)) {
    if (!informative(sentence, [speaker, addressee ?? ''])) continue;
    const { mentions, facts: found } = extractClauses(sentence, speaker, previous);
    if (found.length) {
      for (const m of mentions) add({ name: m.name, kind: m.kind });
      facts.push(...found);
    } else {
      const spoken = speechFacts(sentence, { speaker, addressee, lastPerson });
      spoken.entities.forEach(add);
      facts.push(...spoken.facts);
      lastPerson = spoken.lastPerson;
    }
    if (mentions.length) previous = mentions;
  }
  return {
    entities: [...entities.values()],
    facts: facts.map((f) => {
      const { text, validAt } = groundTime(f.fact, input.timestamp);
      return validAt ? { ...f, fact: text, validAt } : f;
    }),
  };
}

export const deterministicExtractor: Extractor = {
  name: 'deterministic',
  extract: async (input) => extractDeterministic(input),
};
