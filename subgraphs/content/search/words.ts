// Which words of a query say what it asks for. Function words, and the words
// of a question ("how", "must", "can I"), say how something is asked, not
// what: searched, they rank passages that merely hold them, and counted in
// the relevance score, they dilute it. Code search leaves them out of the
// full-text query and the score (the embedder keeps its own, shorter list,
// shared with the memory service).
import { tokens } from '../../../core/embedding/embed.ts';

const QUESTION_WORDS = new Set(
  (
    'how what when who whom whose why do does did can could must should would will may might there their they them ' +
    'i me my we our you your if so than then into any some such been being was were am get go goes'
  ).split(' '),
);

export const isStopWord = (word: string) => QUESTION_WORDS.has(word.toLowerCase()) || !tokens(word).length;

/** The words of a text that carry meaning, lower-cased, in order. */
export const contentWords = (text: string) => tokens(text).filter((t) => !QUESTION_WORDS.has(t));

/** The distinct words of a query that full-text search matches (what the query-term limit counts). */
export function ftsTerms(query: string): string[] {
  return [
    ...new Set((query.toLowerCase().match(/[a-z0-9]+(?:'[a-z]+)?/g) ?? []).filter((t) => t.length > 1 || /\d/.test(t))),
  ];
}
