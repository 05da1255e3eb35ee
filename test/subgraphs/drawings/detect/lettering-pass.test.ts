// Tier 1 on a generated sheet without a text layer: the tags' lettering is recognised and carried
// in texts_inside with its source and confidence; a page with a text layer is left as it is.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defaultSuite, generateSheet } from '../../../../eval/drawings/generator/index.ts';
import { extractPage } from '../../../../subgraphs/drawings/pdf/extract-page.ts';
import { analyzePage, draftPage } from '../../../../subgraphs/drawings/detect/analyze.ts';
import { readLettering } from '../../../../subgraphs/drawings/detect/lettering-pass.ts';
import { LetteringReader } from '../../../../subgraphs/drawings/lettering/reader.ts';

let reader: LetteringReader;
beforeAll(async () => void (reader = await LetteringReader.open()));
afterAll(async () => reader?.close());

it('reads the tags of a stroked sheet, with source and confidence, and keeps every tag it found', async () => {
  const sheet = await generateSheet(defaultSuite().find((s) => s.name.startsWith('s201'))!);
  const geometry = await extractPage(sheet.pdf, 1);
  const before = analyzePage(geometry);
  const { analysis, stats } = await readLettering(geometry, draftPage(geometry), reader);
  const tags = [...analysis.annotations.section_tags, ...analysis.annotations.detail_tags];
  expect(tags.length).toBe(before.annotations.section_tags.length + before.annotations.detail_tags.length);
  expect(stats.recognised).toBeGreaterThanOrEqual(tags.length);
  const truth = sheet.truth as unknown as {
    annotations: Record<'section_tags' | 'detail_tags', { texts_inside: { text: string }[] }[]>;
  };
  const wanted = new Set(
    [...truth.annotations.section_tags, ...truth.annotations.detail_tags].map((t) =>
      t.texts_inside.map((x) => x.text).join('|'),
    ),
  );
  const read = tags.filter((t) => wanted.has(t.texts_inside.map((x) => x.text).join('|')));
  expect(read.length).toBeGreaterThanOrEqual(tags.length - 1);
  for (const t of tags)
    for (const x of t.texts_inside) expect(x).toMatchObject({ source: 'recognised', confidence: expect.any(Number) });
}, 120_000);

it('leaves a page with a text layer to its text layer', async () => {
  const sheet = await generateSheet(defaultSuite().find((s) => s.name.startsWith('s101'))!);
  const geometry = await extractPage(sheet.pdf, 1);
  const before = analyzePage(geometry);
  const { analysis, stats } = await readLettering(geometry, draftPage(geometry), reader);
  expect(stats.recognised).toBe(0);
  expect(analysis).toEqual(before);
}, 120_000);
