// The switches of bench/memory.ts, read from the environment. Each is a count the operator types:
// one that is not a whole number is an error naming the switch (not a NaN that crashes halfway
// through a long run), and 0 skips the part the switch sizes.
export interface MemoryBenchSwitches {
  /** Fact counts of the latency runs, each once in one group and once over 100 groups; empty: no latency runs. */
  sizes: number[];
  /** Queries per latency measure; 0: no latency runs. */
  runs: number;
  /** Messages of the ingestion run; 0: no ingestion run. */
  ingestMessages: number;
}

function count(name: string, raw: string): number {
  const text = raw.trim();
  if (!/^\d+$/.test(text))
    throw new Error(`${name}=${JSON.stringify(raw)}: expected a whole number ≥ 0 (0 skips that part of the bench)`);
  return Number(text);
}

export function memoryBenchSwitches(env: Record<string, string | undefined>): MemoryBenchSwitches {
  const sizes = (env.BENCH_FACTS ?? '1000,10000,100000')
    .split(',')
    .filter((s) => s.trim() !== '')
    .map((s) => count('BENCH_FACTS', s))
    .filter((n) => n > 0);
  const runs = count('BENCH_RUNS', env.BENCH_RUNS ?? '200');
  const ingestMessages = count('BENCH_INGEST', env.BENCH_INGEST ?? '1000');
  return { sizes: runs ? sizes : [], runs, ingestMessages };
}
