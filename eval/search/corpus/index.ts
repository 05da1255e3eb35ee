/** Public surface of the synthetic code generator. */
export { generateCode } from './code.ts';
export type { GeneratedCode } from './code.ts';
export { layoutCode } from './layout.ts';
export type { CodeLayout, Placed } from './layout.ts';
export { defaultCorpus } from './corpus.ts';
export type * from './types.ts';
