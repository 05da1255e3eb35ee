/**
 * Outline to document: expands filler requests into clauses from the topic
 * banks, numbers definitions, splits clause bodies into paragraphs, list
 * items and formulas, and checks every string is printable. The result is a
 * flat list of blocks in reading order; layout decides where they land.
 */
import { CONCRETE_TOPICS } from './content/topics-concrete.ts';
import { LOAD_TOPICS } from './content/topics-loads.ts';
import { STEEL_TOPICS } from './content/topics-steel.ts';
import type { TopicBank } from './content/bank.ts';
import { FAMILY } from './family.ts';
import type { FamilyStyle } from './family.ts';
import { assertEncodable } from './fonts.ts';
import { createRng } from './prng.ts';
import type { Rng } from './prng.ts';
import type { CodeSpec, EquationSpec, Family, FigureItem, TableItem } from './types.ts';

export type BodyEl =
  | { kind: 'para'; label: string | null; text: string }
  | { kind: 'item'; label: string; text: string }
  | { kind: 'eq'; eq: EquationSpec };

export type DocBlock =
  | { kind: 'chapter'; label: string; title: string }
  | { kind: 'section'; number: string; title: string }
  | { kind: 'clause'; section: string; number: string; heading: string; body: BodyEl[] }
  | { kind: 'table'; section: string; table: TableItem }
  | { kind: 'figure'; section: string; figure: FigureItem; seed: number }
  | { kind: 'definition'; section: string; number: string; term: string; meaning: string };

function banksFor(family: Family): Record<string, TopicBank> {
  if (family === 'asce') return LOAD_TOPICS;
  if (family === 'aisc') return STEEL_TOPICS;
  return CONCRETE_TOPICS;
}

/** Draws without replacement, reshuffling when empty, so repeats come as late as possible. */
class Deck<T> {
  private pile: T[] = [];
  rounds = 0;
  private readonly items: readonly T[];
  private readonly rng: Rng;

  constructor(items: readonly T[], rng: Rng) {
    if (items.length === 0) throw new Error('empty deck');
    this.items = items;
    this.rng = rng;
  }

  /**
   * The next card that `ok` accepts, if any card left in the pile does: a
   * sentence already used in the same chapter waits for a later draw.
   */
  draw(ok: (t: T) => boolean = () => true): T {
    if (this.pile.length === 0) this.refill();
    for (let i = this.pile.length - 1; i >= 0; i--) {
      if (ok(this.pile[i] as T)) return this.pile.splice(i, 1)[0] as T;
    }
    // Nothing acceptable left in this round: start the next one.
    this.refill();
    for (let i = this.pile.length - 1; i >= 0; i--) {
      if (ok(this.pile[i] as T)) return this.pile.splice(i, 1)[0] as T;
    }
    return this.pile.pop() as T;
  }

  private refill(): void {
    this.pile = [...this.items];
    for (let i = this.pile.length - 1; i > 0; i--) {
      const j = this.rng.int(0, i);
      [this.pile[i], this.pile[j]] = [this.pile[j] as T, this.pile[i] as T];
    }
    this.rounds++;
  }
}

/** Qualifiers that let a heading recur within one code without reading as a copy. */
const QUALIFIERS = ['special cases', 'additional requirements', 'limitations', 'alternative procedure'];

const LIST_ITEM = /^\(([a-z]|[ivx]+|\d+)\)\s+/;

export function bodyElements(body: readonly (string | EquationSpec)[], style: FamilyStyle): BodyEl[] {
  const out: BodyEl[] = [];
  let n = 0;
  for (const part of body) {
    if (typeof part !== 'string') {
      out.push({ kind: 'eq', eq: part });
      continue;
    }
    const m = LIST_ITEM.exec(part);
    if (m) out.push({ kind: 'item', label: `(${m[1]})`, text: part.slice(m[0].length) });
    else out.push({ kind: 'para', label: style.numberedParagraphs ? `(${++n})` : null, text: part });
  }
  return out;
}

interface FillerState {
  rng: Rng;
  style: FamilyStyle;
  banks: Record<string, TopicBank>;
  headings: Map<string, { unused: string[]; round: number; requalified: number }>;
  sentences: Map<string, Deck<string>>;
  flavour: Deck<string>;
  /** Numbers already printed in the current chapter, for {ref}. */
  refs: string[];
  /** Sentence templates used in the current chapter, kept out of its later clauses while the bank allows. */
  usedInChapter: Set<string>;
}

function deckFor(map: Map<string, Deck<string>>, topic: string, items: readonly string[], rng: Rng): Deck<string> {
  let d = map.get(topic);
  if (!d) map.set(topic, (d = new Deck(items, rng.fork(`deck:${topic}:${map.size}`))));
  return d;
}

function fill(template: string, st: FillerState, bank: TopicBank, rng: Rng, section: string): string {
  const s = st.style;
  const text = template.replace(/\{(\w+)\}/g, (_, slot: string) => {
    switch (slot) {
      case 'm':
        return rng.pick(bank.members);
      case 'v':
        return rng.pick(bank.values);
      case 'ref':
        return `${s.clause} ${st.refs.length > 0 ? rng.pick(st.refs) : section}`;
      case 'spec':
        return s.spec;
      case 'Spec':
        return s.spec.charAt(0).toUpperCase() + s.spec.slice(1);
      case 'designer':
        return s.designer;
      case 'clause':
        return s.clause;
      case 'fc':
        return s.fc;
      case 'fy':
        return s.fy;
      case 'db':
        return s.db;
      default:
        throw new Error(`unknown slot {${slot}} in "${template}"`);
    }
  });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Content words cut to a five-letter stem: enough to pair "spacing" with "Spacing limits". */
function stems(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[a-z]{4,}/g) ?? []).map((w) => w.slice(0, 5)));
}

/**
 * The heading of a filler clause is the unused heading of its topic that
 * shares most words with the clause's first sentence, so headings and text
 * agree. When no unused heading shares a word but a used one does, that one
 * returns with a qualifier ("... — special cases"); when none matches at all,
 * the next unused heading in bank order is taken.
 */
function pickHeading(st: FillerState, topic: string, bank: TopicBank, first: string): string {
  let h = st.headings.get(topic);
  if (!h || h.unused.length === 0) {
    const round = (h?.round ?? 0) + 1;
    h = { unused: [...bank.headings], round, requalified: 0 };
    st.headings.set(topic, h);
  }
  const words = stems(first);
  const score = (heading: string) => [...stems(heading)].filter((w) => words.has(w)).length;
  const best = (list: readonly string[]) =>
    list.reduce((b, heading, i) => (score(heading) > b.score ? { i, score: score(heading) } : b), { i: 0, score: 0 });
  const fresh = best(h.unused);
  const qualify = (heading: string, k: number) => `${heading} — ${QUALIFIERS[k % QUALIFIERS.length]}`;
  if (fresh.score === 0) {
    const old = best(bank.headings);
    if (old.score > 0 && !h.unused.includes(bank.headings[old.i] as string))
      return qualify(bank.headings[old.i] as string, h.requalified++);
  }
  const [heading] = h.unused.splice(fresh.i, 1) as [string];
  return h.round > 1 ? qualify(heading, h.round - 2 + h.requalified++) : heading;
}

function fillerClause(st: FillerState, topic: string, number: string, section: string): DocBlock {
  const bank = st.banks[topic];
  if (!bank) throw new Error(`unknown topic "${topic}" for ${number}`);
  const rng = st.rng;
  const sDeck = deckFor(st.sentences, topic, bank.sentences, rng);
  // Short clauses are common in codes; one to three sentences keeps the banks from repeating.
  const count = rng.pick([1, 2, 2, 2, 3, 3]);
  const picked: string[] = [];
  while (picked.length < count) {
    const t = sDeck.draw((x) => !picked.includes(x) && !st.usedInChapter.has(x));
    // A bank exhausted within the chapter ends the clause early rather than repeat itself.
    if (picked.length > 0 && st.usedInChapter.has(t)) break;
    if (picked.includes(t)) continue;
    picked.push(t);
    st.usedInChapter.add(t);
  }
  const heading = pickHeading(st, topic, bank, picked[0] as string);
  const sentences = picked.map((t) => fill(t, st, bank, rng, section));
  if (rng.chance(0.15)) {
    const f = st.flavour.draw((x) => !st.usedInChapter.has(x));
    st.usedInChapter.add(f);
    sentences.push(fill(f, st, bank, rng, section));
  }
  // Eurocode clauses come as numbered paragraphs; the others mostly as one or two paragraphs.
  const paragraphs: string[] = [];
  const split = st.style.numberedParagraphs ? 1 : rng.chance(0.35) ? 2 : sentences.length;
  for (let i = 0; i < sentences.length; i += split) paragraphs.push(sentences.slice(i, i + split).join(' '));
  return { kind: 'clause', section, number, heading, body: bodyElements(paragraphs, st.style) };
}

function check(block: DocBlock, where: string): void {
  const strings: string[] = [];
  switch (block.kind) {
    case 'chapter':
      strings.push(block.label, block.title);
      break;
    case 'section':
      strings.push(block.number, block.title);
      break;
    case 'clause':
      strings.push(block.number, block.heading);
      for (const b of block.body)
        strings.push(...(b.kind === 'eq' ? [b.eq.eq, b.eq.label, b.eq.where ?? ''] : [b.text]));
      break;
    case 'table':
      strings.push(
        block.table.number,
        block.table.title,
        block.table.note ?? '',
        ...block.table.columns.map((c) => c.header),
        ...block.table.rows.flat(),
      );
      break;
    case 'figure':
      strings.push(block.figure.number, block.figure.caption);
      break;
    case 'definition':
      strings.push(block.number, block.term, block.meaning);
      break;
  }
  for (const s of strings) assertEncodable(s, where);
}

export function compose(spec: CodeSpec): DocBlock[] {
  const style = FAMILY[spec.family];
  const root = createRng(spec.seed);
  const banks = banksFor(spec.family);
  const blocks: DocBlock[] = [];
  const seen = new Set<string>();
  const st: FillerState = {
    rng: root.fork('filler'),
    style,
    banks,
    headings: new Map(),
    sentences: new Map(),
    flavour: new Deck(style.flavour, root.fork('flavour')),
    refs: [],
    usedInChapter: new Set(),
  };
  const unique = (n: string) => {
    if (seen.has(n)) throw new Error(`${spec.fileId}: number ${n} used twice`);
    seen.add(n);
  };
  for (const chapter of spec.chapters) {
    blocks.push({ kind: 'chapter', label: chapter.label, title: chapter.title });
    st.refs = [];
    st.usedInChapter = new Set();
    for (const section of chapter.sections) {
      blocks.push({ kind: 'section', number: section.number, title: section.title });
      // One stream per section: editing one section never reshuffles another's filler.
      st.rng = root.fork(`filler:${section.number}`);
      for (const item of section.items) {
        switch (item.kind) {
          case 'clause':
            unique(item.number);
            for (const part of item.body) if (typeof part !== 'string') unique(part.label);
            blocks.push({
              kind: 'clause',
              section: section.number,
              number: item.number,
              heading: item.heading,
              body: bodyElements(item.body, style),
            });
            st.refs.push(item.number);
            break;
          case 'table':
            unique(item.number);
            blocks.push({ kind: 'table', section: section.number, table: item });
            break;
          case 'figure':
            unique(item.number);
            blocks.push({
              kind: 'figure',
              section: section.number,
              figure: item,
              seed: root.fork(`figure:${item.number}`).int(0, 2 ** 31),
            });
            break;
          case 'definitions':
            item.entries.forEach(([term, meaning], i) => {
              const number = `${item.prefix}.${item.from + i}`;
              unique(number);
              blocks.push({ kind: 'definition', section: section.number, number, term, meaning });
            });
            break;
          case 'filler':
            for (let i = 0; i < item.count; i++) {
              const number = `${item.prefix}.${item.from + i}`;
              unique(number);
              blocks.push(fillerClause(st, item.topic ?? section.topic, number, section.number));
              st.refs.push(number);
            }
            break;
        }
      }
    }
  }
  for (const b of blocks) check(b, spec.fileId);
  return blocks;
}
