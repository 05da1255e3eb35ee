// design_standard at the REST edge: the spec's values (us, eurocode, aus-nz,
// canada) and the GraphQL enum names they travel as (US, EUROCODE, AUS_NZ, CANADA).
import { z } from 'zod';
import { DESIGN_STANDARDS } from '../subgraphs/content/codes.ts';

export const designStandardParam = z.enum(DESIGN_STANDARDS, { error: `must be one of ${DESIGN_STANDARDS.join(', ')}` });

export const toGraphqlStandard = (s: string) => s.toUpperCase().replace('-', '_');
export const fromGraphqlStandard = (s: string) => s.toLowerCase().replace('_', '-');
