/**
 * The drawing suite's seeded generator, shared so both benchmarks draw from
 * one audited implementation. Codes fork a stream per section, so editing one
 * section's outline never reshuffles the filler of another.
 */
export { createRng } from '../../drawings/generator/prng.ts';
export type { Rng } from '../../drawings/generator/prng.ts';
