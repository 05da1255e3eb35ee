// The LoCoMo scoring pieces: the hit rule, the BM25 baseline, the
// session dates, and the loader on the real file when ../shared/ has it.
import { describe, expect, it } from 'vitest';
import { bm25Index, isHit, loadLocomo, LOCOMO_PATH, parseSessionDate } from '../../../eval/memory/locomo.ts';

describe('hit rule', () => {
  it('counts a text holding the answer words in order', () => {
    expect(isHit('Caroline went to an LGBTQ support group on 7 May 2023', '7 May 2023', [])).toBe(true);
    expect(isHit('Caroline went on May 7', '7 May 2023', [])).toBe(false);
  });
  it('counts a text half of whose words come from one evidence turn', () => {
    const turn = 'I went to a LGBTQ support group yesterday and it was so powerful.';
    expect(isHit('Caroline went to a LGBTQ support group', 'x', [turn])).toBe(true);
    expect(isHit('Melanie painted a lake sunrise last year', 'x', [turn])).toBe(false);
    expect(isHit('', 'x', [turn])).toBe(false);
  });
});

it('BM25 ranks the document sharing the rare query words first', () => {
  const search = bm25Index(['Ann: I like the sea', 'Bob: my dog is called Rex', 'Ann: the sea the sea']);
  expect(search('what is the dog called', 2)[0]).toBe(1);
  expect(search('zebra', 2)).toEqual([]);
});

it('reads LoCoMo session dates', () => {
  expect(parseSessionDate('1:10 pm on 27 March, 2023')).toBe('2023-03-27T13:10:00.000Z');
  expect(parseSessionDate('12:05 am on 1 May, 2023')).toBe('2023-05-01T00:05:00.000Z');
  expect(() => parseSessionDate('yesterday')).toThrow();
});

const conversations = loadLocomo();
if (!conversations) console.warn(`skipped: ${LOCOMO_PATH} is absent (the LoCoMo dev set lives in ../shared/)`);
it.skipIf(!conversations)('loads the LoCoMo dev conversations with their questions of categories 1–4', () => {
  expect(conversations!.length).toBe(5);
  for (const c of conversations!) {
    expect(c.turns.length).toBeGreaterThan(100);
    const ids = new Set(c.turns.map((t) => t.id));
    expect(c.questions.every((q) => q.category >= 1 && q.category <= 4)).toBe(true);
    expect(c.questions.filter((q) => q.evidence.every((e) => ids.has(e))).length / c.questions.length).toBeGreaterThan(
      0.95,
    );
  }
});
