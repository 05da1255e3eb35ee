/**
 * Synthetic codes in the house styles issue 32 names, which no document in ../shared/ has:
 *
 * - `wind-code-commentary`: two columns on every page, CODE | COMMENTARY, the commentary
 *   clause "C5.3.4 – …" set beside its code clause "5.3.4 – …" (an IS 875 (Part 3) draft's
 *   layout; ASCE 7 and ACI 318 set their commentary the same way);
 * - `dod-structural-criteria`: a UFC printing "UFC 3-301-01" on its cover and running header,
 *   its own dash clauses with run-in headings ("2-1.1 Scope. The …") beside the IBC sections it
 *   modifies ("1604.3", "1613.1.1.3", "1905.1.5") and lettered appendix clauses ("A-5.6",
 *   "F-3.2.2"); its catalogue id does not carry the designation;
 * - `energy-code-articles`: Canadian Article numbers with a closing dot ("3.2.1.1. Scope") in
 *   two columns of code, sentences "1)" and clauses "a)", a running head naming the division
 *   and the first Article on the page ("Division B 3.2.1.1.");
 * - `concrete-code-annex`: an IS 456-style code, "IS 456 : 2000", clauses "26.4.2", annexes
 *   ("ANNEX B", "B-3.1", "B-18.3.1.1"), "Table 16", "Fig. 15".
 *
 * Every document opens with a cover and a table of contents (entries with dot leaders and page
 * numbers, which are not clauses). The text is composed from the topic banks of the other
 * synthetic codes; it is invented and says so on every page. Layout is synchronous and its
 * truth (the page of every clause, commentary clause, table and figure) comes from it, so the
 * truth cannot drift from the drawing.
 */
import type { TopicBank } from './content/bank.ts';
import { CONCRETE_TOPICS } from './content/topics-concrete.ts';
import { LOAD_TOPICS } from './content/topics-loads.ts';
import { STEEL_TOPICS } from './content/topics-steel.ts';
import { Metrics, type FontKey } from './fonts.ts';
import type { DrawOp, PageLayout } from './layout.ts';
import { createRng, type Rng } from './prng.ts';
import { renderPdf } from './render.ts';
import { wrapRuns, type Run } from './text.ts';

export type HouseLayout = 'single' | 'columns' | 'code-commentary';
/** How a clause's heading follows its number. */
export type HeadingStyle = 'dash' | 'article' | 'run-in' | 'space';

export interface HouseClause {
  kind: 'clause';
  number: string;
  heading: string;
  /** Composed from this bank's sentences. */
  topic: string;
  /** A commentary clause "C<number>" beside it (code-commentary layout). */
  commentary?: boolean;
  /** Numbered sentences "1)" (Articles), each perhaps with clauses "a)". */
  sentences?: number;
}

export type HouseBlock =
  | HouseClause
  | { kind: 'division'; label: string; title: string }
  | { kind: 'table'; number: string; title: string }
  | { kind: 'figure'; number: string; caption: string };

export interface HouseDoc {
  fileId: string;
  designation: string;
  title: string;
  layout: HouseLayout;
  heading: HeadingStyle;
  /** The running head's left text; `first` is the first clause printed on the page. */
  runningHead(first: string | null): string;
  banks: Record<string, TopicBank>;
  seed: number;
  blocks: HouseBlock[];
}

export interface HouseTruth {
  fileId: string;
  /** Every clause, commentary clause, table and figure with the PDF page (1-based) it is printed on. */
  entries: { number: string; page: number; kind: 'clause' | 'commentary' | 'table' | 'figure'; heading: string }[];
}

const W = 612;
const H = 792;
const MARGIN = 60;
const TOP = H - 78;
const BOTTOM = 64;
const GUTTER = 22;
const BODY = 9.5;
const LEAD = 12;

interface Piece {
  height: number;
  render(ops: DrawOp[], x: number, top: number): void;
}

class Typesetter {
  readonly m = new Metrics();

  lines(runs: Run[], size: number, lead: number, width: number, indent = 0): Piece {
    const lines = wrapRuns(this.m, runs, size, width, indent, indent);
    return {
      height: lines.length * lead,
      render: (ops, x, top) =>
        lines.forEach((segs, i) => {
          for (const s of segs)
            ops.push({ op: 'text', x: x + s.dx, y: top - size * 0.85 - i * lead, text: s.text, font: s.font, size });
        }),
    };
  }

  stack(pieces: Piece[], gap: number): Piece {
    return {
      height: pieces.reduce((h, p, i) => h + p.height + (i ? gap : 0), 0),
      render: (ops, x, top) => {
        let y = top;
        pieces.forEach((p, i) => {
          if (i) y -= gap;
          p.render(ops, x, y);
          y -= p.height;
        });
      },
    };
  }
}

function fill(template: string, bank: TopicBank, rng: Rng): string {
  const words: Record<string, () => string> = {
    m: () => rng.pick(bank.members),
    v: () => rng.pick(bank.values),
    ref: () => 'the clause above',
    spec: () => 'this standard',
    Spec: () => 'This standard',
    designer: () => 'designer',
    clause: () => 'clause',
    fc: () => 'fck',
    fy: () => 'fy',
    db: () => 'bar diameter',
  };
  const text = template.replace(/\{(\w+)\}/g, (_, slot: string) => (words[slot] ?? (() => 'the value'))());
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function sentences(doc: HouseDoc, topic: string, n: number, rng: Rng): string[] {
  const bank = doc.banks[topic] ?? Object.values(doc.banks)[0]!;
  return Array.from({ length: n }, () => fill(rng.pick(bank.sentences), bank, rng));
}

/** A clause's own lines as its house style sets them. */
function clausePiece(
  ts: Typesetter,
  doc: HouseDoc,
  c: HouseClause,
  width: number,
  rng: Rng,
  commentary: boolean,
): Piece {
  const number = commentary ? `C${c.number}` : c.number;
  const text = commentary
    ? `${sentences(doc, c.topic, 2, rng).join(' ')} The requirement of ${c.number} follows from this.`
    : sentences(doc, c.topic, rng.int(1, 2), rng).join(' ');
  if (doc.heading === 'run-in')
    return ts.lines(
      [
        { text: number, font: 'bold' },
        { text: `${c.heading}.`, font: 'bold' },
        { text, font: 'roman' },
      ],
      BODY,
      LEAD,
      width,
    );
  const head =
    doc.heading === 'dash'
      ? ts.lines(
          [
            { text: `${number} –`, font: 'bold' },
            { text: c.heading, font: 'bold' },
          ],
          BODY,
          LEAD,
          width,
        )
      : doc.heading === 'article'
        ? ts.lines(
            [
              { text: `${number}.`, font: 'bold' },
              { text: c.heading, font: 'bold' },
            ],
            BODY,
            LEAD,
            width,
          )
        : ts.lines(
            [
              { text: number, font: 'bold' },
              { text: c.heading, font: 'bold' },
            ],
            BODY,
            LEAD,
            width,
          );
  if (!c.sentences) return ts.stack([head, ts.lines([{ text, font: 'roman' }], BODY, LEAD, width)], 2);
  const items: Piece[] = [head];
  for (let s = 1; s <= c.sentences; s++) {
    const [first] = sentences(doc, c.topic, 1, rng);
    items.push(
      ts.lines(
        [
          { text: `${s})`, font: 'roman' },
          { text: first!, font: 'roman' },
        ],
        BODY,
        LEAD,
        width,
        0,
      ),
    );
    if (rng.chance(0.4))
      for (const letter of ['a', 'b'])
        items.push(
          ts.lines(
            [
              { text: `${letter})`, font: 'roman' },
              { text: sentences(doc, c.topic, 1, rng)[0]!.toLowerCase(), font: 'roman' },
            ],
            BODY,
            LEAD,
            width,
            14,
          ),
        );
  }
  return ts.stack(items, 2);
}

function tablePiece(ts: Typesetter, number: string, title: string, width: number, rng: Rng): Piece {
  const caption = ts.lines(
    [
      { text: number, font: 'sansBold' },
      { text: title, font: 'sansBold' },
    ],
    BODY - 0.5,
    LEAD,
    width,
  );
  const rows = Array.from({ length: rng.int(3, 5) }, (_, i) => [
    `Class ${i + 1}`,
    (0.5 + rng.next()).toFixed(2),
    String(rng.int(10, 90)),
  ]);
  const body: Piece = {
    height: (rows.length + 1) * 11 + 4,
    render: (ops, x, top) => {
      const cols = [0, width * 0.45, width * 0.72];
      ['Category', 'Factor', 'Limit'].forEach((h, i) =>
        ops.push({ op: 'text', x: x + cols[i]!, y: top - 9, text: h, font: 'sansBold', size: 8 }),
      );
      ops.push({ op: 'line', x1: x, y1: top - 12, x2: x + width, y2: top - 12, width: 0.5 });
      rows.forEach((r, k) =>
        r.forEach((cell, i) =>
          ops.push({ op: 'text', x: x + cols[i]!, y: top - 20 - k * 11, text: cell, font: 'sans', size: 8 }),
        ),
      );
    },
  };
  return ts.stack([caption, body], 3);
}

function figurePiece(ts: Typesetter, number: string, caption: string, width: number): Piece {
  const cap = ts.lines(
    [
      { text: number, font: 'sansBold' },
      { text: caption, font: 'sans' },
    ],
    BODY - 1,
    LEAD - 1,
    width,
  );
  return {
    height: 90 + cap.height,
    render: (ops, x, top) => {
      ops.push({ op: 'rect', x: x + width * 0.15, y: top - 80, w: width * 0.7, h: 76, width: 0.8 });
      ops.push({ op: 'line', x1: x + width * 0.15, y1: top - 80, x2: x + width * 0.85, y2: top - 4, width: 0.6 });
      cap.render(ops, x, top - 86);
    },
  };
}

interface Placed {
  number: string;
  kind: HouseTruth['entries'][number]['kind'];
  heading: string;
}

/** Body pages: blocks flowed through the layout's columns. */
function layoutBody(doc: HouseDoc, ts: Typesetter): { pages: { ops: DrawOp[]; placed: Placed[] }[] } {
  const rng = createRng(doc.seed);
  const frameW = W - 2 * MARGIN;
  const columns = doc.layout === 'single' ? 1 : 2;
  const colW = columns === 1 ? frameW : (frameW - GUTTER) / 2;
  const pages: { ops: DrawOp[]; placed: Placed[] }[] = [];
  let col = 0;
  let y = 0;
  const top = () => TOP - (doc.layout === 'code-commentary' ? 16 : 0);
  const newPage = () => {
    const ops: DrawOp[] = [];
    if (doc.layout === 'code-commentary') {
      ops.push({ op: 'text', x: MARGIN, y: TOP - 9, text: 'CODE', font: 'sansBold', size: 8 });
      ops.push({ op: 'text', x: MARGIN + colW + GUTTER, y: TOP - 9, text: 'COMMENTARY', font: 'sansBold', size: 8 });
    }
    pages.push({ ops, placed: [] });
    col = 0;
    y = top();
  };
  newPage();
  const page = () => pages[pages.length - 1]!;
  /** Places a row (one piece per column, code-commentary) or a piece in the flow. */
  const place = (left: Piece, right: Piece | null, entries: Placed[], gap: number) => {
    const height = Math.max(left.height, right?.height ?? 0);
    if (y - gap - height < BOTTOM) {
      if (doc.layout === 'columns' && col === 0) {
        col = 1;
        y = top();
      } else newPage();
    } else if (y !== top()) y -= gap;
    const x = MARGIN + col * (colW + GUTTER);
    left.render(page().ops, x, y);
    right?.render(page().ops, MARGIN + colW + GUTTER, y);
    page().placed.push(...entries);
    y -= height;
  };
  for (const b of doc.blocks) {
    if (b.kind === 'division') {
      if (page().placed.length) newPage();
      const piece = ts.stack(
        [
          ts.lines([{ text: b.label, font: 'sansBold' }], 12, 15, colW),
          ts.lines([{ text: b.title, font: 'sansBold' }], 11, 14, colW),
        ],
        2,
      );
      place(piece, null, [], 0);
      y -= 8;
    } else if (b.kind === 'table')
      place(
        tablePiece(ts, b.number, b.title, colW, rng),
        null,
        [{ number: b.number, kind: 'table', heading: b.title }],
        10,
      );
    else if (b.kind === 'figure')
      place(
        figurePiece(ts, b.number, b.caption, colW),
        null,
        [{ number: b.number, kind: 'figure', heading: b.caption }],
        10,
      );
    else {
      const code = clausePiece(ts, doc, b, colW, rng, false);
      const entries: Placed[] = [{ number: b.number, kind: 'clause', heading: b.heading }];
      let comm: Piece | null = null;
      if (b.commentary && doc.layout === 'code-commentary') {
        comm = clausePiece(ts, doc, b, colW, rng, true);
        entries.push({ number: `C${b.number}`, kind: 'commentary', heading: b.heading });
      }
      place(code, comm, entries, 7);
    }
  }
  return { pages };
}

function cover(doc: HouseDoc, ts: Typesetter): DrawOp[] {
  const ops: DrawOp[] = [];
  const frameW = W - 2 * MARGIN;
  let y = H - 200;
  for (const [runs, size, lead] of [
    [[{ text: doc.designation, font: 'sansBold' as FontKey }], 28, 34],
    [[{ text: doc.title, font: 'sansBold' as FontKey }], 16, 21],
    [
      [
        {
          text: 'Synthetic evaluation edition: invented text in this house style, not for design',
          font: 'sans' as FontKey,
        },
      ],
      10,
      14,
    ],
  ] as const) {
    const p = ts.lines([...runs], size, lead, frameW);
    p.render(ops, MARGIN, y);
    y -= p.height + 18;
  }
  return ops;
}

/** Contents pages: the clauses of the first two levels with their printed page, dot leaders between. */
function contents(entries: { number: string; heading: string; printed: number }[], ts: Typesetter): DrawOp[][] {
  const pages: DrawOp[][] = [];
  const perPage = Math.floor((TOP - BOTTOM - 30) / LEAD);
  for (let i = 0; i < entries.length; i += perPage) {
    const ops: DrawOp[] = [];
    if (!i) ops.push({ op: 'text', x: MARGIN, y: TOP - 12, text: 'CONTENTS', font: 'sansBold', size: 12 });
    entries.slice(i, i + perPage).forEach((e, k) => {
      const y = TOP - 36 - k * LEAD;
      const left = `${e.number} ${e.heading} `;
      const page = String(e.printed);
      const room = W - 2 * MARGIN - ts.m.width(left, 'roman', BODY) - ts.m.width(page, 'roman', BODY) - 6;
      const dots = '.'.repeat(Math.max(4, Math.floor(room / ts.m.width('.', 'roman', BODY))));
      ops.push({ op: 'text', x: MARGIN, y, text: `${left}${dots}`, font: 'roman', size: BODY });
      ops.push({
        op: 'text',
        x: W - MARGIN - ts.m.width(page, 'roman', BODY),
        y,
        text: page,
        font: 'roman',
        size: BODY,
      });
    });
    pages.push(ops);
  }
  return pages;
}

export function layoutHouseDoc(doc: HouseDoc): { pages: PageLayout[]; truth: HouseTruth } {
  const ts = new Typesetter();
  const body = layoutBody(doc, ts);
  const toc = body.pages.flatMap((p, i) =>
    p.placed
      .filter((e) => e.kind === 'clause' && e.number.split(/[.-]/).length <= 2)
      .map((e) => ({ number: e.number, heading: e.heading, printed: i + 1 })),
  );
  const front = [cover(doc, ts), ...contents(toc, ts)];
  const all = [...front, ...body.pages.map((p) => p.ops)];
  const firstClause = [
    ...front.map(() => null),
    ...body.pages.map((p) => p.placed.find((e) => e.kind === 'clause')?.number ?? null),
  ];
  const pages: PageLayout[] = all.map((ops, i) => {
    const head = doc.runningHead(firstClause[i] ?? null);
    const out = [...ops];
    out.push({ op: 'text', x: MARGIN, y: H - 40, text: head, font: 'sans', size: 7.5 });
    out.push({ op: 'line', x1: MARGIN, y1: H - 45, x2: W - MARGIN, y2: H - 45, width: 0.4 });
    const printed =
      i < front.length ? (['i', 'ii', 'iii', 'iv', 'v', 'vi'][i] ?? String(i + 1)) : String(i - front.length + 1);
    const label = `Page ${printed}`;
    out.push({ op: 'text', x: (W - ts.m.width(label, 'sans', 8)) / 2, y: 36, text: label, font: 'sans', size: 8 });
    out.push({
      op: 'text',
      x: MARGIN,
      y: 26,
      text: 'Invented text for search evaluation - not for design',
      font: 'sans',
      size: 6.5,
    });
    return { width: W, height: H, ops: out };
  });
  const entries = body.pages.flatMap((p, i) => p.placed.map((e) => ({ ...e, page: front.length + i + 1 })));
  return { pages, truth: { fileId: doc.fileId, entries } };
}

export async function generateHouseDoc(doc: HouseDoc): Promise<{ pdf: Uint8Array; truth: HouseTruth }> {
  const { pages, truth } = layoutHouseDoc(doc);
  return { pdf: await renderPdf(pages, `${doc.designation} ${doc.title} (synthetic evaluation edition)`), truth };
}

// --- The four documents ------------------------------------------------------------------

/** Clause headings drawn from a bank in order, so each document reads on topic. */
function headingsOf(bank: TopicBank, k: number): string {
  return (
    bank.headings[k % bank.headings.length]! +
    (k >= bank.headings.length ? ` ${Math.floor(k / bank.headings.length) + 1}` : '')
  );
}

function windCode(): HouseDoc {
  const blocks: HouseBlock[] = [];
  const topics = ['wind', 'cladding', 'general', 'serviceability'];
  let k = 0;
  for (let ch = 5; ch <= 8; ch++) {
    const topic = topics[ch - 5]!;
    blocks.push({
      kind: 'division',
      label: `${ch} WIND ${['SPEED AND PRESSURE', 'FORCE COEFFICIENTS', 'DYNAMIC EFFECTS', 'INTERFERENCE EFFECTS'][ch - 5]}`,
      title: '',
    });
    for (let s = 1; s <= 4; s++) {
      blocks.push({
        kind: 'clause',
        number: `${ch}.${s}`,
        heading: headingsOf(LOAD_TOPICS[topic]!, k++),
        topic,
        commentary: s % 2 === 1,
      });
      for (let c = 1; c <= 4; c++)
        blocks.push({
          kind: 'clause',
          number: `${ch}.${s}.${c}`,
          heading: headingsOf(LOAD_TOPICS[topic]!, k++),
          topic,
          commentary: c !== 3,
        });
      if (s === 2)
        blocks.push({
          kind: 'table',
          number: `Table ${ch * 2 - 9}`,
          title: `Factors for ${headingsOf(LOAD_TOPICS[topic]!, s).toLowerCase()}`,
        });
      if (s === 3)
        blocks.push({
          kind: 'figure',
          number: `Fig. ${ch - 4}`,
          caption: `Zones for ${headingsOf(LOAD_TOPICS[topic]!, s + 1).toLowerCase()}`,
        });
    }
  }
  // The issue's own example clause, with its commentary beside it.
  const at = blocks.findIndex((b) => b.kind === 'clause' && b.number === '5.3.4');
  blocks[at] = { kind: 'clause', number: '5.3.4', heading: 'Cyclonic Region Factor', topic: 'wind', commentary: true };
  return {
    fileId: 'wind-code-commentary',
    designation: 'IS 875 (Part 3)',
    title: 'Design Loads for Buildings and Structures - Wind Loads (Draft for comment)',
    layout: 'code-commentary',
    heading: 'dash',
    runningHead: () => 'IS 875 (Part 3) : Draft - Wind Loads on Buildings and Structures',
    banks: LOAD_TOPICS,
    seed: 3204,
    blocks,
  };
}

function dodCriteria(): HouseDoc {
  const blocks: HouseBlock[] = [];
  let k = 0;
  const steel = STEEL_TOPICS;
  const topic = (i: number) => Object.keys(steel)[i % Object.keys(steel).length]!;
  blocks.push({ kind: 'division', label: 'CHAPTER 1', title: 'INTRODUCTION' });
  for (let s = 1; s <= 4; s++) {
    blocks.push({
      kind: 'clause',
      number: `1-${s}`,
      heading: headingsOf(steel[topic(s)]!, k++).toUpperCase(),
      topic: topic(s),
    });
    for (let c = 1; c <= 3; c++)
      blocks.push({
        kind: 'clause',
        number: `1-${s}.${c}`,
        heading: headingsOf(steel[topic(s)]!, k++),
        topic: topic(s),
      });
  }
  blocks.push({ kind: 'division', label: 'CHAPTER 2', title: 'MODIFICATIONS TO THE IBC' });
  blocks.push({ kind: 'clause', number: '2-1', heading: 'GENERAL', topic: topic(0) });
  blocks.push({ kind: 'clause', number: '2-1.1', heading: 'Scope', topic: topic(0) });
  blocks.push({ kind: 'table', number: 'Table 2-1', title: 'Modified IBC sections' });
  for (const [sec, subs] of [
    ['1604', ['1604.3', '1604.3.1', '1604.5']],
    ['1605', ['1605.2', '1605.2.1']],
    ['1613', ['1613.1', '1613.1.1', '1613.1.1.3', '1613.2']],
    ['1807', ['1807.1', '1807.1.4']],
    ['1905', ['1905.1', '1905.1.5', '1905.1.8']],
    ['2205', ['2205.2', '2205.2.1']],
  ] as const) {
    void sec;
    for (const n of subs)
      blocks.push({ kind: 'clause', number: n, heading: headingsOf(steel[topic(k)]!, k++), topic: topic(k) });
  }
  blocks.push({ kind: 'clause', number: '2-2', heading: 'ADDITIONAL REQUIREMENTS', topic: topic(2) });
  for (let c = 1; c <= 3; c++)
    blocks.push({ kind: 'clause', number: `2-2.${c}`, heading: headingsOf(steel[topic(c)]!, k++), topic: topic(c) });
  blocks.push({ kind: 'figure', number: 'Figure 2-1', caption: 'Load path of the modified provisions' });
  for (const [letter, title, clauses] of [
    ['A', 'BASE PLATES AND ANCHORAGE', ['A-1', 'A-5', 'A-5.1', 'A-5.4', 'A-5.6', 'A-5.7']],
    ['F', 'ANCHOR RODS IN EXISTING CONSTRUCTION', ['F-1', 'F-3', 'F-3.1', 'F-3.2', 'F-3.2.1', 'F-3.2.2']],
  ] as const) {
    blocks.push({ kind: 'division', label: `APPENDIX ${letter}`, title });
    for (const n of clauses)
      blocks.push({
        kind: 'clause',
        number: n,
        heading: n === 'A-5.6' ? 'Steel Column Base Plate Shear Transfer' : headingsOf(steel[topic(k)]!, k++),
        topic: topic(k),
      });
    blocks.push({ kind: 'table', number: `Table ${letter}-1`, title: `Values for ${title.toLowerCase()}` });
  }
  return {
    fileId: 'dod-structural-criteria',
    designation: 'UFC 3-301-01',
    title: 'Structural Engineering (synthetic criteria document)',
    layout: 'single',
    heading: 'run-in',
    runningHead: () => 'UFC 3-301-01 | 1 October 2019',
    banks: steel,
    seed: 3301,
    blocks,
  };
}

function energyCode(): HouseDoc {
  const blocks: HouseBlock[] = [];
  const t = LOAD_TOPICS;
  let k = 0;
  for (const part of [3, 4]) {
    blocks.push({ kind: 'division', label: `Part ${part}`, title: part === 3 ? 'Building Envelope' : 'Lighting' });
    for (let s = 1; s <= 3; s++) {
      blocks.push({ kind: 'division', label: `Section ${part}.${s}.`, title: headingsOf(t.general!, k++) });
      for (let sub = 1; sub <= 3; sub++) {
        blocks.push({
          kind: 'clause',
          number: `${part}.${s}.${sub}`,
          heading: headingsOf(t.serviceability!, k++),
          topic: 'serviceability',
          sentences: 0,
        });
        for (let a = 1; a <= 3; a++)
          blocks.push({
            kind: 'clause',
            number: `${part}.${s}.${sub}.${a}`,
            heading: a === 1 ? 'Scope' : headingsOf(t.general!, k++),
            topic: 'general',
            sentences: 2,
          });
      }
      blocks.push({ kind: 'table', number: `Table ${part}.${s}.1.1.`, title: headingsOf(t.rain!, k++) });
    }
  }
  return {
    fileId: 'energy-code-articles',
    designation: 'NECB 2025',
    title: 'Energy Code for Buildings, Division B (synthetic)',
    layout: 'columns',
    heading: 'article',
    runningHead: (first) => `NECB 2025 Division B${first ? ` ${first}.` : ''}`,
    banks: LOAD_TOPICS,
    seed: 2025,
    blocks,
  };
}

function concreteCode(): HouseDoc {
  const blocks: HouseBlock[] = [];
  const c = CONCRETE_TOPICS;
  const topics = ['durability', 'cover', 'flexure', 'shear', 'development', 'detailing'];
  let k = 0;
  for (let cl = 25; cl <= 27; cl++) {
    const topic = topics[cl - 25]!;
    blocks.push({ kind: 'division', label: `${cl} ${headingsOf(c[topic]!, k++).toUpperCase()}`, title: '' });
    for (let s = 1; s <= 4; s++) {
      blocks.push({ kind: 'clause', number: `${cl}.${s}`, heading: headingsOf(c[topic]!, k++), topic });
      for (let ss = 1; ss <= 3; ss++)
        blocks.push({
          kind: 'clause',
          number: `${cl}.${s}.${ss}`,
          heading:
            cl === 26 && s === 4 && ss === 2
              ? 'Nominal cover to meet durability requirement'
              : headingsOf(c[topic]!, k++),
          topic,
        });
    }
    blocks.push({
      kind: 'table',
      number: `Table ${cl - 9}`,
      title: `Values for ${headingsOf(c[topic]!, 0).toLowerCase()}`,
    });
    blocks.push({ kind: 'figure', number: `Fig. ${cl - 10}`, caption: headingsOf(c[topic]!, 1) });
  }
  for (const [letter, title, topic] of [
    ['B', 'STRUCTURAL DESIGN (WORKING STRESS METHOD)', 'resistance'],
    ['C', 'CALCULATION OF DEFLECTION', 'deflection'],
  ] as const) {
    blocks.push({ kind: 'division', label: `ANNEX ${letter}`, title });
    for (let s = 1; s <= 3; s++) {
      blocks.push({
        kind: 'clause',
        number: `${letter}-${s}`,
        heading: headingsOf(c[topic]!, k++).toUpperCase(),
        topic,
      });
      for (let ss = 1; ss <= 2; ss++)
        blocks.push({ kind: 'clause', number: `${letter}-${s}.${ss}`, heading: headingsOf(c[topic]!, k++), topic });
    }
    if (letter === 'B')
      blocks.push({ kind: 'clause', number: 'B-3.2.1', heading: 'Permissible stresses in concrete', topic });
  }
  return {
    fileId: 'concrete-code-annex',
    designation: 'IS 456 : 2000',
    title: 'Plain and Reinforced Concrete - Code of Practice (synthetic)',
    layout: 'single',
    heading: 'space',
    runningHead: () => 'IS 456 : 2000',
    banks: CONCRETE_TOPICS,
    seed: 456,
    blocks,
  };
}

/** The house-style documents, with the catalogue id each is loaded under. */
export function houseStyleCorpus(): HouseDoc[] {
  return [windCode(), dodCriteria(), energyCode(), concreteCode()];
}
