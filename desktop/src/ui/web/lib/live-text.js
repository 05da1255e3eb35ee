// The answer text a run streams, kept on screen until the stored conversation holds it. The text
// of one model call is a segment. The platform stores it before the next MESSAGE (a final answer)
// or STATUS event (a tool step's text is stored with its results, before the next model call's
// THINKING; an interrupted call's text is never stored), so that event closes the segment: a
// re-read of the conversation asked for after it holds the text, and only then is it dropped.
// A re-read asked for earlier can land later (its request waited for a core): dropping the text
// then, or as soon as the run's status said it ended, left the answer off the screen until the
// next re-read landed, and for good if that one failed.

/** Adds streamed text to the open segment, or opens one. */
export function appendText(segments, text) {
  const last = segments.at(-1);
  if (last && last.closedAt === null) return [...segments.slice(0, -1), { text: last.text + text, closedAt: null }];
  return [...segments, { text, closedAt: null }];
}

/** Closes the open segment at run event number `seq` (its model call is over). */
export function closeAt(segments, seq) {
  const last = segments.at(-1);
  if (!last || last.closedAt !== null) return segments;
  return [...segments.slice(0, -1), { text: last.text, closedAt: seq }];
}

/**
 * What stays live once a re-read asked for after run event number `seen` is shown: the segments it
 * holds go. A closed segment equal to the last stored answer goes too, so a re-read that happened
 * to land after the store does not show the answer twice.
 */
export function afterReread(segments, seen, messages) {
  const lastAnswer = lastStoredAnswer(messages);
  const kept = segments.filter((s) => s.closedAt === null || (s.closedAt > seen && s.text !== lastAnswer));
  return kept.length === segments.length ? segments : kept;
}

/**
 * The segments to show beside the stored messages: one the stored conversation already ends with
 * is not shown twice (a re-read can be served after the store, before the closing event arrives).
 */
export function unstored(segments, messages) {
  const lastAnswer = lastStoredAnswer(messages);
  return segments.filter((s) => s.text !== lastAnswer);
}

const lastStoredAnswer = (messages) => messages.findLast((m) => m.role === 'ASSISTANT' && m.content)?.content;
