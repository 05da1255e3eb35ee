// Relative time in a statement ("yesterday", "last week", "two years ago",
// "in June") grounded against the message's timestamp with chrono-node (a
// maintained parser of English date expressions), written into the fact's
// text at the precision the words carry and returned as the fact's valid_at.
import * as chrono from 'chrono-node';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * Only expressions that speak of a date are read: chrono also takes "5" or
 * "318-19" for times or dates, which in engineering talk are sizes and codes.
 */
const DATE_WORDS =
  /\b(?:yesterday|today|tonight|tomorrow|ago|last|next|this|past|coming|week|weekend|month|year|january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;

const day = (d: Date) => `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;

/** The words for a resolved date at the precision of the expression ("last week" is a week, "in June" a month, "two years ago" a year). */
function render(r: chrono.ParsedResult): string {
  const date = r.start.date();
  if (/\bweek(?:end)?s?\b/i.test(r.text)) return `in the week of ${day(date)}`;
  if (/\byears?\b/i.test(r.text) || (!r.start.isCertain('month') && r.start.isCertain('year')))
    return `in ${date.getUTCFullYear()}`;
  if (
    /\bmonths?\b/i.test(r.text) ||
    (!r.start.isCertain('day') &&
      !/\b(?:yesterday|today|tonight|tomorrow|ago|morning|afternoon|evening|night|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i.test(
        r.text,
      ))
  )
    return `in ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
  return `on ${day(date)}`;
}

export interface Grounded {
  text: string;
  /** The date the statement is about (ISO), or null when it names none. */
  validAt: string | null;
}

export function groundTime(text: string, timestamp: string): Grounded {
  const ref = new Date(timestamp);
  if (Number.isNaN(ref.getTime()) || !DATE_WORDS.test(text)) return { text, validAt: null };
  // chrono reads the reference in UTC so a session date stays the same day.
  const results = chrono
    .parse(text, { instant: ref, timezone: 0 }, { forwardDate: false })
    .filter(
      (r) =>
        DATE_WORDS.test(r.text) &&
        (r.start.isCertain('day') ||
          r.start.isCertain('month') ||
          r.start.isCertain('year') ||
          /\b(?:ago|last|next|this|past|yesterday|today|tomorrow|tonight)\b/i.test(r.text)),
    );
  if (!results.length) return { text, validAt: null };
  let out = text;
  for (const r of [...results].reverse()) {
    const words = render(r);
    // "on yesterday" would read badly: a preposition before the expression is replaced with it.
    const head = out.slice(0, r.index).replace(/\b(?:on|in|at|during)\s+$/i, '');
    out = head + words + out.slice(r.index + r.text.length);
  }
  return { text: out, validAt: results[0]!.start.date().toISOString() };
}
