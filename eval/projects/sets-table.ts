/** The per-source tables of eval:projects: dev and blind side by side, worst source first. */
import type { Counts, SourceScore } from './real-sets.ts';

const f1 = (c: Counts) => {
  const p = c.predicted ? c.tp / c.predicted : c.truth ? 0 : 1;
  const r = c.truth ? c.tp / c.truth : 1;
  return p + r ? (2 * p * r) / (p + r) : 0;
};
const ratio = (a: number, b: number) => (b ? a / b : NaN);
const fmt = (x: number) => (Number.isNaN(x) ? '  —  ' : x.toFixed(3));
const P = (c: Counts) => (c.predicted ? c.tp / c.predicted : NaN);
const R = (c: Counts) => (c.truth ? c.tp / c.truth : NaN);
const sum = (a: Counts, b: Counts): Counts => ({
  tp: a.tp + b.tp,
  predicted: a.predicted + b.predicted,
  truth: a.truth + b.truth,
});

export interface Figures {
  number: number;
  title: number;
  titleblockF1: number;
  linkP: number;
  linkR: number;
  refP: number;
  refR: number;
}

export function figures(
  rows: SourceScore[],
): Figures & { sheets: number; links: Counts; unresolved: number; sameSheet: number } {
  const t = rows.reduce(
    (a, s) => ({
      sheets: a.sheets + s.sheets,
      nr: a.nr + s.numberRight,
      titled: a.titled + s.titled,
      tr: a.tr + s.titleRight,
      tb: sum(a.tb, s.titleblock),
      ref: sum(a.ref, s.references),
      links: sum(a.links, s.links),
      un: a.un + s.unresolved,
      same: a.same + s.sameSheet,
    }),
    {
      sheets: 0,
      nr: 0,
      titled: 0,
      tr: 0,
      tb: { tp: 0, predicted: 0, truth: 0 },
      ref: { tp: 0, predicted: 0, truth: 0 },
      links: { tp: 0, predicted: 0, truth: 0 },
      un: 0,
      same: 0,
    },
  );
  return {
    sheets: t.sheets,
    number: ratio(t.nr, t.sheets),
    title: ratio(t.tr, t.titled),
    titleblockF1: f1(t.tb),
    refP: P(t.ref),
    refR: R(t.ref),
    linkP: P(t.links),
    linkR: R(t.links),
    links: t.links,
    unresolved: t.un,
    sameSheet: t.same,
  };
}

/** A source's worst figure: the order of the table. */
const worst = (s: SourceScore) =>
  Math.min(
    ...[ratio(s.numberRight, s.sheets), ratio(s.titleRight, s.titled), f1(s.titleblock), R(s.links), P(s.links)].filter(
      (x) => !Number.isNaN(x),
    ),
  );

export function printTables(scores: SourceScore[]): void {
  const head =
    'source              set    sheets  number  title   tb-F1   ref-P   ref-R   link-P  link-R  links(tp/pred/truth) unresolved same-sheet';
  console.log(head);
  console.log('-'.repeat(head.length));
  for (const s of [...scores].sort((a, b) => worst(a) - worst(b))) {
    console.log(
      `${s.source.padEnd(20)}${(s.blind ? 'blind' : 'dev').padEnd(7)}${String(s.sheets).padStart(6)}  ${fmt(ratio(s.numberRight, s.sheets))}   ${fmt(ratio(s.titleRight, s.titled))}   ${fmt(f1(s.titleblock))}   ${fmt(P(s.references))}   ${fmt(R(s.references))}   ${fmt(P(s.links))}   ${fmt(R(s.links))}   ${`${s.links.tp}/${s.links.predicted}/${s.links.truth}`.padEnd(20)} ${String(s.unresolved).padEnd(10)} ${s.sameSheet}`,
    );
  }
  console.log('-'.repeat(head.length));
  const dev = figures(scores.filter((s) => !s.blind));
  const blind = figures(scores.filter((s) => s.blind));
  const line = (name: string, f: ReturnType<typeof figures>) =>
    console.log(
      `${name.padEnd(27)}${String(f.sheets).padStart(6)}  ${fmt(f.number)}   ${fmt(f.title)}   ${fmt(f.titleblockF1)}   ${fmt(f.refP)}   ${fmt(f.refR)}   ${fmt(f.linkP)}   ${fmt(f.linkR)}   ${`${f.links.tp}/${f.links.predicted}/${f.links.truth}`.padEnd(20)} ${String(f.unresolved).padEnd(10)} ${f.sameSheet}`,
    );
  line('ALL DEV', dev);
  if (scores.some((s) => s.blind)) {
    line('ALL BLIND', blind);
    const d = (a: number, b: number) =>
      Number.isNaN(a) || Number.isNaN(b) ? '  —  ' : (b - a >= 0 ? '+' : '') + (b - a).toFixed(3);
    console.log(
      `${'blind - dev'.padEnd(35)}${d(dev.number, blind.number)}  ${d(dev.title, blind.title)}  ${d(dev.titleblockF1, blind.titleblockF1)}  ${d(dev.refP, blind.refP)}  ${d(dev.refR, blind.refR)}  ${d(dev.linkP, blind.linkP)}  ${d(dev.linkR, blind.linkR)}`,
    );
  }
}
