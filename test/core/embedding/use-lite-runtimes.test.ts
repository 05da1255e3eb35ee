// USE-lite on ONNX Runtime's native kernels (the default) gives TensorFlow.js's vectors: the
// graph restated in ONNX (core/embedding/use-lite/onnx/graph.ts) over the package's weights,
// compared text by text with the published graph run by TensorFlow.js on WebAssembly.
import { expect, it } from 'vitest';
import { loadUseLite, modelCalls, PADDING_SLACK } from '../../../core/embedding/use-lite/model.ts';

const texts = [
  'how much can the floor sag',
  'deflection limits for floor members',
  'Where does Maria work now?',
  'Maria started a new job at the hospital last week.',
  "So, Andrew started a new job as a Financial Analyst in the week of 20 March 2023 - it's been quite a change.",
  'Cute!',
  '',
  'Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.',
  // Past 128 pieces: the published graph drops the rest, and so do we.
  Array.from({ length: 160 }, (_, i) => `word${i}`).join(' '),
];

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * b[i]!, 0);

it('runs on the native runtime by default and gives the TensorFlow.js vectors', async () => {
  const native = await loadUseLite();
  const tfjs = await loadUseLite(undefined, 'tfjs');
  expect(native.runtime).toBe('native');
  expect(tfjs.runtime).toBe('tfjs');
  const [a, b] = [await native.embed(texts), await tfjs.embed(texts)];
  for (let i = 0; i < texts.length; i++) expect(cosine(a[i]!, b[i]!)).toBeGreaterThan(0.99999);
  // The reference runtime's figure (test/core/embedding/use-lite.test.ts).
  expect(cosine(a[0]!, a[1]!)).toBeCloseTo(0.33898, 3);
  // A text in a batch of texts of other lengths (padded) gets its vector alone.
  const [alone] = await native.embed([texts[5]!]);
  expect(cosine(alone!, a[5]!)).toBeGreaterThan(0.99999);
}, 120_000);

it('groups texts of nearly equal length on the native runtime, whose calls cost little', () => {
  const pieces = [8, 9, 10, 8, 9, 10].map((n) => Array.from({ length: n }, () => 7));
  expect(modelCalls(pieces, PADDING_SLACK.tfjs)).toHaveLength(1);
  expect(modelCalls(pieces, PADDING_SLACK.native).map((c) => c.map((i) => pieces[i]!.length))).toEqual([
    [8, 8],
    [9, 9],
    [10, 10],
  ]);
});
