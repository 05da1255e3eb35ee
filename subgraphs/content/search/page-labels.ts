// The page number printed on each page ("2-14", "iii", "A-1", "75"), which is
// what an engineer cites. Pure.
//
// 1. The PDF's own page labels, when it has any other than 1, 2, 3… (a
//    labelling that only repeats the page index says nothing).
// 2. Otherwise the running header or footer: the token of a furniture line
//    that looks like a page number and changes from page to page at the same
//    place (a date or the document number repeats, so it is never taken).
// 3. Otherwise the PDF page index.
import { masked, type LaidOutPage } from './layout.ts';

const PAGE_TOKEN = /^(?:[A-Z]-\d{1,4}|\d{1,3}-\d{1,4}|\d{1,4}|[ivxlc]{1,7})$/;

export function pageLabels(pages: readonly LaidOutPage[], pdfLabels: readonly string[] | null): string[] {
  if (pdfLabels && pdfLabels.length === pages.length && pdfLabels.some((l, i) => l !== String(pages[i]!.page))) {
    return pages.map((p, i) => pdfLabels[i]?.trim() || String(p.page));
  }
  // Per slot (masked furniture text and token position): the values seen on each page.
  const slots = new Map<string, Map<number, string>>();
  pages.forEach((p, pi) => {
    for (const l of p.furniture) {
      const tokens = l.text.split(/[\s|]+/).filter(Boolean);
      tokens.forEach((t, ti) => {
        if (!PAGE_TOKEN.test(t)) return;
        const key = `${masked(l.text)}#${ti}`;
        const seen = slots.get(key) ?? new Map<number, string>();
        seen.set(pi, t);
        slots.set(key, seen);
      });
    }
  });
  // A page-number slot holds a different value on (nearly) every page it appears on.
  const numberSlots = [...slots.values()]
    .filter((seen) => seen.size >= 3 && new Set(seen.values()).size >= 0.8 * seen.size)
    .sort((a, b) => b.size - a.size);
  return pages.map((p, pi) => {
    for (const seen of numberSlots) {
      const v = seen.get(pi);
      if (v) return v;
    }
    return String(p.page);
  });
}
