/**
 * Greedy line breaking of mixed-font runs. Runs are separated by a space
 * (a clause number and its heading are two runs of one line); within a run
 * words break at spaces only, never by hyphenation, so every heading stays
 * findable as a phrase once the page text is joined with spaces.
 */
import type { FontKey, Metrics } from './fonts.ts';

export interface Run {
  text: string;
  font: FontKey;
}

/** One same-font piece of a line, `dx` from the left edge of the text area. */
export interface Segment {
  text: string;
  font: FontKey;
  dx: number;
}

export function wrapRuns(
  m: Metrics,
  runs: readonly Run[],
  size: number,
  width: number,
  firstIndent = 0,
  restIndent = firstIndent,
): Segment[][] {
  const words: { w: string; font: FontKey }[] = [];
  for (const r of runs) for (const w of r.text.split(' ')) if (w.length > 0) words.push({ w, font: r.font });
  const lines: Segment[][] = [];
  let line: Segment[] = [];
  let x = firstIndent;
  let indent = firstIndent;
  let empty = true;
  for (const word of words) {
    const ww = m.width(word.w, word.font, size);
    const last = line[line.length - 1];
    const space = empty ? 0 : m.width(' ', last?.font ?? word.font, size);
    if (!empty && x + space + ww > width) {
      lines.push(line);
      line = [];
      indent = restIndent;
      x = indent;
      empty = true;
    }
    const prev = line[line.length - 1];
    if (!empty && prev && prev.font === word.font) {
      prev.text += ` ${word.w}`;
      x += space + ww;
    } else {
      const at = empty ? x : x + space;
      line.push({ text: word.w, font: word.font, dx: at });
      x = at + ww;
    }
    empty = false;
  }
  if (line.length > 0) lines.push(line);
  return lines;
}
