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

  draw(): T {
    if (this.pile.length === 0) {
      this.pile = [...this.items];
      for (let i = this.pile.length - 1; i > 0; i--) {
        const j = this.rng.int(0, i);
        [this.pile[i], this.pile[j]] = [this.pile[j] as T, this.pile[i] as T];
      }
      this.rounds++;
    }
    return this.pile.pop() as T;
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
  headings: Map<string, Deck<string>>;
  sentences: Map<string, Deck<string>>;
  flavour: Deck<string>;
  /** Numbers already printed in the current chapter, for {ref}. */
  refs: string[];
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

function fillerClause(st: FillerState, topic: string, number: string, section: string): DocBlock {
  const bank = st.banks[topic];
  if (!bank) throw new Error(`unknown topic "${topic}" for ${number}`);
  const rng = st.rng;
  const hDeck = deckFor(st.headings, topic, bank.headings, rng);
  let heading = hDeck.draw();
  if (hDeck.rounds > 1) heading = `${heading} — ${QUALIFIERS[(hDeck.rounds - 2) % QUALIFIERS.length]}`;
  const sDeck = deckFor(st.sentences, topic, bank.sentences, rng);
  const count = rng.int(2, 4);
  const picked: string[] = [];
  while (picked.length < count) {
    const t = sDeck.draw();
    if (!picked.includes(t)) picked.push(t);
  }
  const sentences = picked.map((t) => fill(t, st, bank, rng, section));
  if (rng.chance(0.3)) sentences.push(fill(st.flavour.draw(), st, bank, rng, section));
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
      for (const b of block.body) strings.push(...(b.kind === 'eq' ? [b.eq.eq, b.eq.label, b.eq.where ?? ''] : [b.text]));
      break;
    case 'table':
      strings.push(block.table.number, block.table.title, block.table.note ?? '', ...block.table.columns.map((c) => c.header), ...block.table.rows.flat());
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
  };
  const unique = (n: string) => {
    if (seen.has(n)) throw new Error(`${spec.fileId}: number ${n} used twice`);
    seen.add(n);
  };
  for (const chapter of spec.chapters) {
    blocks.push({ kind: 'chapter', label: chapter.label, title: chapter.title });
    st.refs = [];
    for (const section of chapter.sections) {
      blocks.push({ kind: 'section', number: section.number, title: section.title });
      // One stream per section: editing one section never reshuffles another's filler.
      st.rng = root.fork(`filler:${section.number}`);
      for (const item of section.items) {
        switch (item.kind) {
          case 'clause':
            unique(item.number);
            blocks.push({ kind: 'clause', section: section.number, number: item.number, heading: item.heading, body: bodyElements(item.body, style) });
            st.refs.push(item.number);
            break;
          case 'table':
            unique(item.number);
            blocks.push({ kind: 'table', section: section.number, table: item });
            break;
          case 'figure':
            unique(item.number);
            blocks.push({ kind: 'figure', section: section.number, figure: item, seed: root.fork(`figure:${item.number}`).int(0, 2 ** 31) });
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
