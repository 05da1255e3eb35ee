// The combinations a define_load_combinations call asks for, explicit ones first and then those
// the design code's rules generate, read the same way by every adapter (the stand-in and the CSI
// programs): a rule the code refuses, or a generation that yields nothing, is the caller's error.
import type { ToolArgs } from '@structural-platform/tool-schema';
import { CombinationError, generateCombinations } from '../codes/combinations/index.ts';
import { ToolFailure } from './adapter.ts';

export function requestedCombinations(a: ToolArgs<'define_load_combinations'>) {
  let generated;
  try {
    generated = a.generate ? generateCombinations(a.generate) : [];
  } catch (err) {
    if (err instanceof CombinationError) throw new ToolFailure('INVALID_ARGUMENTS', err.message);
    throw err;
  }
  if (a.generate && !generated.length)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      'generate: no combination follows from the patterns given (name the dead, live, … patterns)',
    );
  return [...a.combinations.map((c) => ({ ...c, source: 'explicit' })), ...generated];
}
