// The accuracy targets, checked on every run: F1 ≥ 0.95 per kind on the
// synthetic sheets, ≥ 0.9 on the labelled VA pages, and the dev set's floors
// (DEV_FLOORS) where ../shared/samples/drawings is present; no page errors.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { DEV_FLOORS, evaluate } from '../../../eval/drawings/evaluate.ts';
import { KINDS, prf } from '../../../eval/drawings/score.ts';

const SAMPLES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/samples/drawings');
const haveSamples = fs.existsSync(path.join(SAMPLES, 'dev'));

it('meets the accuracy targets on the evaluation set', async () => {
  const lines: string[] = [];
  const { ok, totals, sheetNumbers, skipped, errors } = await evaluate((l) => lines.push(l));
  expect(errors).toEqual([]);
  for (const kind of KINDS) expect(prf(totals.synthetic![kind]).f1, `synthetic ${kind}`).toBeGreaterThanOrEqual(0.95);
  if (skipped.length) console.warn(`drawings eval: ${skipped.join(', ')} absent; real and dev pages skipped`);
  if (totals.real)
    for (const kind of KINDS) expect(prf(totals.real[kind]).f1, `real ${kind}`).toBeGreaterThanOrEqual(0.9);
  if (totals.dev) {
    for (const kind of KINDS) expect(prf(totals.dev[kind]).f1, `dev ${kind}`).toBeGreaterThanOrEqual(DEV_FLOORS[kind]);
    // Zero false revision marks on the dev sheets.
    expect(totals.dev.revision_triangles.fp + totals.dev.revision_clouds.fp, 'false revision marks on dev').toBe(0);
    const [right, of] = sheetNumbers.dev!;
    expect(right / of, 'dev sheet numbers').toBeGreaterThanOrEqual(0.95);
  } else if (!haveSamples) {
    console.warn('drawings eval: ../shared/samples/drawings/dev is absent; the dev set is not measured');
  }
  expect(ok, lines.join('\n')).toBe(true);
}, 480_000);
