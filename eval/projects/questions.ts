/**
 * Judged questions for project search. Generated-set questions are written
 * from the generator's truth by templates an engineer would ask (which
 * sheets, where is, what refers to); the relevant sheets are read from the
 * truth, not from the system. The questions on the real sheets are in
 * real-labels.ts, written by reading the sheets.
 */
import type { ProjectSheetTruth } from './generator.ts';

export interface Question {
  question: string;
  /** Sheets that answer it (any one in the top 10 counts for that sheet). */
  sheets: string[];
  /** Only matches of these entity types count (all when absent). */
  types?: string[];
}

const lower = (s: string) => s.toLowerCase();

export function generatedQuestions(truths: ProjectSheetTruth[]): Question[] {
  const out: Question[] = [];
  const members = [...new Set(truths.flatMap((t) => t.members))].sort().slice(0, 8);
  for (const m of members)
    out.push({
      question: `where is the ${m} beam used?`,
      sheets: truths.filter((t) => t.members.includes(m)).map((t) => t.number),
    });
  const topics = [...new Set(truths.flatMap((t) => t.views.map((v) => v.title)))].sort();
  for (const topic of topics)
    out.push({
      question: `which sheet shows the ${lower(topic)}?`,
      sheets: truths.filter((t) => t.views.some((v) => v.title === topic)).map((t) => t.number),
    });
  const titles = [...new Set(truths.map((t) => t.title))].sort();
  for (const title of titles)
    out.push({
      question: `which sheet is the ${lower(title)}?`,
      sheets: truths.filter((t) => t.title === title).map((t) => t.number),
      types: ['Sheet'],
    });
  for (const target of ['S-501', 'S-302', 'S-401', 'S-203', 'S-105', 'S-601']) {
    const sheets = truths.filter((t) => t.callouts.some((c) => c.sheet === target)).map((t) => t.number);
    if (sheets.length) out.push({ question: `which sheets refer to ${target}?`, sheets, types: ['Callout'] });
  }
  for (const g of ['E', 'D', '3'])
    out.push({
      question: `where is grid ${g} shown?`,
      sheets: truths.filter((t) => t.grids.includes(g)).map((t) => t.number),
      types: ['GridLine'],
    });
  return out.filter((q) => q.sheets.length > 0);
}
