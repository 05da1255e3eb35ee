// bench/memory.ts's switches: each documented one narrows or skips its part of the run, and a
// value that is not a count is refused by name before anything starts. The runs use the bench's
// own size knobs to stay short.
import { describe, expect, it } from 'vitest';
import { memoryBenchSwitches } from '../../bench/memory-switches.ts';
import { spawnNode } from '../helpers/child.ts';

describe('memoryBenchSwitches', () => {
  it('has the documented defaults', () => {
    expect(memoryBenchSwitches({})).toEqual({ sizes: [1000, 10000, 100000], runs: 200, ingestMessages: 1000 });
  });

  it('narrows each part, and 0 skips the part it sizes', () => {
    expect(memoryBenchSwitches({ BENCH_FACTS: '1000, 10000', BENCH_RUNS: '100', BENCH_INGEST: '200' })).toEqual({
      sizes: [1000, 10000],
      runs: 100,
      ingestMessages: 200,
    });
    expect(memoryBenchSwitches({ BENCH_FACTS: '0' }).sizes).toEqual([]);
    expect(memoryBenchSwitches({ BENCH_FACTS: '' }).sizes).toEqual([]);
    expect(memoryBenchSwitches({ BENCH_RUNS: '0' }).sizes).toEqual([]);
    expect(memoryBenchSwitches({ BENCH_INGEST: '0' }).ingestMessages).toBe(0);
  });

  it('refuses a value that is not a whole number, naming the switch', () => {
    expect(() => memoryBenchSwitches({ BENCH_INGEST: 'none' })).toThrow(/BENCH_INGEST="none"/);
    expect(() => memoryBenchSwitches({ BENCH_RUNS: '-5' })).toThrow(/BENCH_RUNS/);
    expect(() => memoryBenchSwitches({ BENCH_FACTS: '1000,1e4' })).toThrow(/BENCH_FACTS="1e4"/);
  });
});

describe('npm run bench:memory', () => {
  async function run(env: Record<string, string>) {
    const child = spawnNode('bench/memory.ts', [], env);
    const code = await child.exited;
    return { code, output: child.output() };
  }

  it('runs the latency part alone with BENCH_INGEST=0', { timeout: 180_000 }, async () => {
    const { code, output } = await run({ BENCH_FACTS: '30', BENCH_RUNS: '2', BENCH_INGEST: '0' });
    expect(output).toMatch(/30 facts in one group[\s\S]*hybrid search \(in process\)\s+p50\s+[\d.]+ ms/);
    expect(output).toMatch(/30 facts in 100 groups/);
    expect(output).toContain('no ingestion run (BENCH_INGEST=0)');
    expect(code, output).toBe(0);
  });

  it(
    'runs the ingestion part alone with BENCH_FACTS=0, at the size BENCH_INGEST gives',
    { timeout: 180_000 },
    async () => {
      const { code, output } = await run({ BENCH_FACTS: '0', BENCH_INGEST: '12' });
      expect(output).toContain('no latency runs');
      expect(output).toMatch(/in process \(queue → graph\)\s+\d+ messages\/s over 12 messages/);
      expect(output).toMatch(/POST \/messages until all processed\s+\d+ messages\/s over 12 messages/);
      expect(code, output).toBe(0);
    },
  );
});
