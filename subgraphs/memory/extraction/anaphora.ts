// A message whose subject is in an earlier message: "Update: the level 3 beams
// no longer use W18x35" and then "they were replaced by W21x44." The second
// message's subject ("they", "those beams", "the new ones") is the first's
// subject noun phrase, so the statement is read as "The level 3 beams were
// replaced by W21x44." (what the fact's text then says, self-contained, as
// Graphiti's facts are), and when the earlier message ended a value of the same
// sort ("no longer use W18x35"), the new value replaces it (replacesText), so
// the negation is retired and linked to the replacement. Linear in the texts.
import { ENDING_CUES } from './relations.ts';

/** The leading subject of a message that points back: a pronoun, a demonstrative with or without its noun, "the new ones". */
const ANAPHOR =
  /^(\s*(?:(?:and|but|so|also|then|update|note|fyi|ok|okay)\b[:,]?\s*)*)(they|these|those|it|these\s+ones|those\s+ones|the\s+new\s+ones|(?:these|those)\s+([a-z][a-z-]*))(?=\s+(?:were|was|are|is|have|has|had|got|get|will|now|all|both|also|went|became)\b)/i;

/** Discourse markers before an earlier message's subject. */
const LEAD = /^\s*(?:(?:update|note|fyi|also|so|and|but|ok|okay|heads\s+up|correction)\b[:,]?\s*)*/i;

/** Where the earlier message's subject noun phrase ends: its verb (after a non-space: a match starts once per run of spaces, linear). */
const VERB =
  /(?<=\S)\s+(?:is|are|was|were|will|would|shall|should|must|can|could|have|has|had|no\s+longer|now|now\s+use|use|uses|used|get|gets|got|need|needs|go|goes|went|changed|became|stay|stays|remain|remains)\b/i;

/** Subjects that are not a thing: people and pronouns. */
const NOT_A_THING = /^(?:i|we|you|he|she|it|they|this|that|these|those|there|here|what|which|who)$/i;

export interface Anaphora {
  /** The message as read, its subject written out; the message itself when nothing points back. */
  content: string;
  /** The earlier subject written in, or null. */
  antecedent: string | null;
  /** A value the earlier message ended ("no longer use W18x35"), which the new statement replaces. */
  endedText: string | null;
}

/** The subject noun phrase of a statement, when it is a thing ("the level 3 beams"), else null. */
export function subjectPhrase(text: string): string | null {
  const body = text.replace(LEAD, '');
  const verb = VERB.exec(body);
  if (!verb) return null;
  const phrase = body.slice(0, verb.index).trim();
  const words = phrase.split(/\s+/);
  if (words.length < 1 || words.length > 8 || NOT_A_THING.test(phrase) || /[.;!?]/.test(phrase)) return null;
  // A thing: a determiner or a capitalised name, or two words at least (not "Maria" alone: people speak of themselves).
  if (!/^(?:the|our|all|both|each|every|their|its)\b/i.test(phrase) && words.length < 2) return null;
  return phrase;
}

/**
 * `content` read with its subject from `earlier` (the group's latest messages, oldest first): the most
 * recent earlier message with a thing for subject, if the noun the anaphor names (if any) is in it.
 */
export function resolveAnaphora(
  content: string,
  earlier: readonly string[],
  endedValue: (earlierText: string) => string | null,
): Anaphora {
  const m = ANAPHOR.exec(content);
  if (!m) return { content, antecedent: null, endedText: null };
  for (let i = earlier.length - 1; i >= 0 && i >= earlier.length - 3; i--) {
    const phrase = subjectPhrase(earlier[i]!);
    if (!phrase) continue;
    const noun = m[3]?.toLowerCase().replace(/s$/, '');
    if (noun && !phrase.toLowerCase().includes(noun)) return { content, antecedent: null, endedText: null };
    const lead = m[1] ?? '';
    const written = lead ? phrase : phrase.charAt(0).toUpperCase() + phrase.slice(1);
    const rest = content.slice(m[0].length);
    return {
      content: `${lead}${written}${rest}`,
      antecedent: phrase,
      endedText: ENDING_CUES.test(earlier[i]!) ? endedValue(earlier[i]!) : null,
    };
  }
  return { content, antecedent: null, endedText: null };
}
