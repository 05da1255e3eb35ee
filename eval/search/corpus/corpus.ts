/**
 * The default corpus: one synthetic code per family, with the catalogue ids
 * of the platform's code library so search results can be joined to it.
 */
import { aci318 } from './content/aci-318-19.ts';
import { as3600 } from './content/as-3600-2018.ts';
import { aisc360 } from './content/aisc-360-22.ts';
import { asce7 } from './content/asce-7-22.ts';
import { csaA233 } from './content/csa-a23-3-19.ts';
import { en1992 } from './content/en-1992-1-1-2004.ts';
import type { CodeSpec } from './types.ts';

export function defaultCorpus(): CodeSpec[] {
  return [aci318(), asce7(), aisc360(), en1992(), as3600(), csaA233()];
}
