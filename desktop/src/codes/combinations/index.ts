// Load combinations generated from a design code's rules (ASCE 7-16 LRFD and ASD, EN 1990), the
// same for every adapter: the programs receive them as explicit combinations (RespCombo.Add,
// SetCaseList), so the stand-in and SAP2000/ETABS combine exactly the same factors.
import type { Generate } from '@structural-platform/tool-schema';
import { asce7 } from './asce7.ts';
import { en1990 } from './en1990.ts';
import type { GeneratedCombination } from './types.ts';

export { CombinationError, type GeneratedCombination } from './types.ts';

export function generateCombinations(o: Generate): GeneratedCombination[] {
  switch (o.code) {
    case 'ASCE7-16 LRFD':
      return asce7(o, 'LRFD');
    case 'ASCE7-16 ASD':
      return asce7(o, 'ASD');
    case 'EN1990 STR':
      return en1990(o, 'STR');
    case 'EN1990 SLS characteristic':
      return en1990(o, 'characteristic');
    case 'EN1990 SLS quasi-permanent':
      return en1990(o, 'quasi-permanent');
    case 'EN1990 seismic':
      return en1990(o, 'seismic');
  }
}
