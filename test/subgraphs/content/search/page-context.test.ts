// withPageContext (search/ingest.ts): a passage's vector with its page's.
import { expect, it } from 'vitest';
import { withPageContext } from '../../../../subgraphs/content/search/ingest.ts';

const unit = (...xs: number[]) => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

it('keeps a passage alone on its page as it is, and pulls passages of one page towards each other, normalised', () => {
  const vectors = [unit(1, 0, 0), unit(0, 1, 0), unit(0, 0, 1)];
  const out = withPageContext([{ page: 1 }, { page: 1 }, { page: 2 }], vectors);
  expect([...out[2]!]).toEqual([...vectors[2]!]);
  for (const v of out) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  // The page weighs half its own: two orthogonal passages of one page lean toward each other
  // (cos 0.8) and each stays nearer its own vector (cos 0.894) than the other's (0.447), so the two
  // clauses of a two-clause page are still told apart.
  expect(dot(out[0]!, out[1]!)).toBeCloseTo(0.8, 5);
  expect(dot(out[0]!, vectors[0]!)).toBeCloseTo(1 / Math.sqrt(1.25), 5);
  expect(dot(out[0]!, vectors[1]!)).toBeCloseTo(0.5 / Math.sqrt(1.25), 5);
  // Another page's passage is untouched by them.
  expect(dot(out[0]!, vectors[2]!)).toBe(0);
});

it('costs one sum per page: 50,000 passages on one page take about ten times 5,000 (CPU)', () => {
  // The inputs are made once, in a plain loop (a spread of 256 arguments per vector cost more than
  // the function measured); the 5,000 are the first of the 50,000.
  const all = Array.from({ length: 50_000 }, (_, i) => {
    const v = new Float32Array(256);
    let norm = 0;
    for (let d = 0; d < 256; d++) norm += (v[d] = Math.sin(i + d) + 1.5) ** 2;
    const k = 1 / Math.sqrt(norm);
    for (let d = 0; d < 256; d++) v[d]! *= k;
    return v;
  });
  const pages = all.map(() => ({ page: 1 }));
  const time = (n: number) => {
    const t = process.cpuUsage();
    withPageContext(pages.slice(0, n), all.slice(0, n));
    const used = process.cpuUsage(t);
    return (used.user + used.system) / 1000;
  };
  const a = Math.min(time(5_000), time(5_000));
  const b = Math.min(time(50_000), time(50_000));
  // Linear is ~10x; a pass over the page per passage would be ~100x.
  expect(b / a).toBeLessThanOrEqual(25);
}, 300_000); // a hang guard, not a measure: the ratio above is CPU time; at load 35 with coverage on, 60 s of the clock ran out
