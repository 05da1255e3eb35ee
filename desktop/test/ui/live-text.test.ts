// The streamed answer's life on screen (src/ui/web/lib/live-text.js): it stays until a re-read of
// the conversation asked for after the event that closed it lands, whatever order re-reads land in.
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the UI's modules are plain browser JavaScript without types
import { afterReread, appendText, closeAt, unstored } from '../../src/ui/web/lib/live-text.js';

type Segment = { text: string; closedAt: number | null };
const stream = (...parts: string[]): Segment[] => parts.reduce((l: Segment[], p) => appendText(l, p), []);
const user = { role: 'USER', content: 'Summarise the check.' };
const answer = (content: string) => ({ role: 'ASSISTANT', content });

describe('the live answer text', () => {
  it('joins the streamed parts of one model call, and starts a new segment after a close', () => {
    const one = stream('### Check', '\n\n| B1 | 0.82 |');
    expect(one).toEqual([{ text: '### Check\n\n| B1 | 0.82 |', closedAt: null }]);
    const two = appendText(closeAt(one, 7), 'Next call');
    expect(two).toEqual([
      { text: '### Check\n\n| B1 | 0.82 |', closedAt: 7 },
      { text: 'Next call', closedAt: null },
    ]);
    expect(closeAt(closeAt(one, 7), 9)).toEqual([{ text: '### Check\n\n| B1 | 0.82 |', closedAt: 7 }]);
  });

  it('stays through a re-read asked for before the event that closed it, which cannot hold it', () => {
    // Asked for at event 2 (THINKING), landing after the MESSAGE (event 5) that stored the answer.
    const live = closeAt(stream('### Check'), 5);
    expect(afterReread(live, 2, [user])).toEqual(live);
    // The model call still streaming is never dropped: its text is not stored yet.
    expect(afterReread(stream('### Ch'), 9, [user])).toEqual(stream('### Ch'));
  });

  it('goes when a re-read asked for after its closing event lands, or one that already holds it', () => {
    const live = closeAt(stream('### Check'), 5);
    expect(afterReread(live, 5, [user, answer('### Check')])).toEqual([]);
    expect(afterReread(live, 6, [user])).toEqual([]);
    // Asked for before the close but read after the store: the answer is not shown twice.
    expect(afterReread(live, 3, [user, answer('### Check')])).toEqual([]);
    // Only the segments the re-read holds go.
    const two = appendText(closeAt(stream('First'), 4), 'Second');
    expect(afterReread(two, 4, [user, answer('First')])).toEqual([{ text: 'Second', closedAt: null }]);
  });

  it('is not shown beside a stored answer equal to it, even while it is still open', () => {
    const live = stream('### Check');
    expect(unstored(live, [user, answer('### Check')])).toEqual([]);
    expect(unstored(live, [user])).toEqual(live);
    expect(unstored(live, [user, answer('### Results'), { role: 'TOOL', content: '{}' }])).toEqual(live);
  });
});
