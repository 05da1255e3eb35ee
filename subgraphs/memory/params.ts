// The spec's retrieval parameters: defaults and ranges, in one place for the
// GraphQL resolvers and the REST edge (which words its errors FastAPI's way).
import type { RerankerName } from './retrieval/search.ts';

export const RERANKERS: readonly RerankerName[] = ['rrf', 'mmr', 'cross_encoder'];
export const DEFAULT_MAX_FACTS = 10;
export const MAX_FACTS_LIMIT = 100;
/** The spec calls 0.7 balanced; Graphiti's own default is 0.5. */
export const DEFAULT_MMR_LAMBDA = 0.7;
export const GROUP_ID_PATTERN = /^[a-zA-Z0-9_-]+$/;

export const minScoreRange = (reranker: RerankerName): [number, number] => (reranker === 'mmr' ? [-1, 1] : [0, 1]);
export const defaultMinScore = (reranker: RerankerName): number => minScoreRange(reranker)[0];

export interface RangeIssue {
  field: 'max_facts' | 'min_score' | 'mmr_lambda';
  bound: 'ge' | 'le';
  limit: number;
}

/** Out-of-range values of a retrieval request (the reranker already one of RERANKERS). */
export function rangeIssues(p: {
  maxFacts: number;
  reranker: RerankerName;
  minScore: number | null;
  mmrLambda: number | null;
}): RangeIssue[] {
  const issues: RangeIssue[] = [];
  const check = (field: RangeIssue['field'], value: number | null, lo: number, hi: number) => {
    if (value === null) return;
    if (value < lo) issues.push({ field, bound: 'ge', limit: lo });
    else if (value > hi) issues.push({ field, bound: 'le', limit: hi });
  };
  check('max_facts', p.maxFacts, 1, MAX_FACTS_LIMIT);
  const [lo, hi] = minScoreRange(p.reranker);
  check('min_score', p.minScore, lo, hi);
  check('mmr_lambda', p.mmrLambda, 0, 1);
  return issues;
}
