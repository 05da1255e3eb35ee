import { afterAll, describe, expect, it } from 'vitest';
import { createWorkerPool } from '../../../../core/jobs/worker-pool.ts';
import { extractCodeText, extractWithWorkers, shareOf } from '../../../../subgraphs/content/search/extract-text.ts';
import { codePdf, imageOnlyPdf } from '../../../helpers/code-pdf.ts';

describe('shareOf', () => {
  it('splits the pages into contiguous shares in order, none twice, none left out', () => {
    for (const [pages, parts] of [
      [10, 3],
      [1, 2],
      [7, 7],
      [2, 4],
    ] as const) {
      const seen = Array.from({ length: parts }, (_, i) => shareOf(pages, i, parts)).flatMap(({ from, to }) =>
        Array.from({ length: Math.max(0, to - from + 1) }, (_, k) => from + k),
      );
      expect(seen).toEqual(Array.from({ length: pages }, (_, k) => k + 1));
    }
  });
});

describe('extractWithWorkers', () => {
  const workers = createWorkerPool(2);
  afterAll(() => workers.close());

  it('reads page shares on worker threads and gives the passages of reading in one thread', async () => {
    // Words, not numbers, tell the pages apart: lines that differ only in their digits at one height are running heads.
    const topics = ['Anchorage', 'Bearing', 'Cover', 'Drift', 'Exposure'];
    const pdf = await codePdf(
      topics.map((t, i) => [
        `${i + 1}.1 ${t}`,
        `${t} is the subject of this page, as its first clause says.`,
        `${i + 1}.2 ${t} limits`,
        `The limits of ${t.toLowerCase()} follow.`,
      ]),
    );
    const inline = await extractCodeText(pdf);
    for (const parts of [2, 3]) expect(await extractWithWorkers(workers, pdf, parts)).toEqual(inline);
    expect([...new Set(inline.passages.map((p) => p.page))]).toEqual([1, 2, 3, 4, 5]);
    expect(inline.passages.map((p) => p.text).join('\n')).toContain('Exposure is the subject of this page');
  }); // vitest's 120 s: a healthy run takes seconds, and 60 s ran out at load 37 (worker threads starting pdf.js)

  it('refuses a PDF without a text layer with NO_TEXT_LAYER, as inline', async () => {
    await expect(extractWithWorkers(workers, await imageOnlyPdf(), 2)).rejects.toMatchObject({ code: 'NO_TEXT_LAYER' });
  });
});
