// REGION WITHOUT A TEXT LAYER (detect/lettering-pass.ts): a page whose text layer holds only its
// title block while its notes are stroked lettering. The page counts as having a text layer, so
// the stroke clusters at leader tails are candidates only: a leader stands once the lettering
// reader has read its note surely as a note.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultSuite, generateSheet } from '../../../../eval/drawings/generator/index.ts';
import { extractPage } from '../../../../subgraphs/drawings/pdf/extract-page.ts';
import { analyzePage, draftPage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { readLettering } from '../../../../subgraphs/drawings/detect/lettering-pass.ts';
import { LetteringReader } from '../../../../subgraphs/drawings/lettering/reader.ts';
import type { TextRun } from '../../../../core/geometry/types.ts';

let reader: LetteringReader;
beforeAll(async () => void (reader = await LetteringReader.open()));
afterAll(async () => reader?.close());

/** A title block's worth of text-layer runs in the page's bottom-right corner, away from every note. */
function titleRuns(width: number, height: number): TextRun[] {
  return ['PROJECT', 'SHEET', 'S-201', 'DRAWN', 'CHECKED', 'DATE'].map((str, i) => ({
    str,
    bbox: [width - 60, height - 12 - 9 * i, width - 60 + 5 * str.length, height - 5 - 9 * i],
    size: 7,
    angle: 0,
  }));
}

it('keeps the leaders whose stroked notes it reads on a page with a text layer elsewhere, and reads those notes', async () => {
  const sheet = await generateSheet(defaultSuite().find((s) => s.name.startsWith('s201'))!);
  const stroked = await extractPage(sheet.pdf, 1);
  const page = { ...stroked, texts: [...stroked.texts, ...titleRuns(stroked.width, stroked.height)] };
  const noTextLeaders = analyzePage(stroked).annotations.leaders.length;
  expect(noTextLeaders).toBeGreaterThan(3);
  // The geometry alone no longer stands for the notes: a text layer is present.
  const draft = draftPage(page);
  expect(draft.analysis.annotations.leaders).toHaveLength(0);
  expect(draft.unreadLeaders.length).toBeGreaterThanOrEqual(noTextLeaders - 1);
  const { analysis, stats } = await readLettering(page, draft, reader);
  expect(stats.recognised).toBeGreaterThan(0);
  const leaders = analysis.annotations.leaders;
  // Most notes read surely as notes; every kept leader carries its reading.
  expect(leaders.length).toBeGreaterThanOrEqual(Math.ceil(0.7 * draft.unreadLeaders.length));
  for (const l of leaders) {
    expect(l.texts_inside.length).toBeGreaterThan(0);
    for (const t of l.texts_inside) expect(t).toMatchObject({ source: 'recognised', confidence: expect.any(Number) });
  }
  expect(new Set(leaders.map((l) => l.id)).size).toBe(leaders.length);
}, 120_000);

it('leaves out a candidate whose note the budget leaves unread', async () => {
  const sheet = await generateSheet(defaultSuite().find((s) => s.name.startsWith('s201'))!);
  const stroked = await extractPage(sheet.pdf, 1);
  const page = { ...stroked, texts: [...stroked.texts, ...titleRuns(stroked.width, stroked.height)] };
  const draft = draftPage(page);
  const mean = { read: reader.read.bind(reader) };
  const starved = Object.assign(Object.create(reader), {
    read: (p: typeof page, r: Parameters<LetteringReader['read']>[1]) => mean.read(p, r, { maxRegions: 0 }),
  }) as LetteringReader;
  const { analysis, stats } = await readLettering(page, draft, starved);
  expect(stats.skipped).toBe(stats.regions);
  expect(analysis.annotations.leaders).toHaveLength(0);
}, 120_000);
