// What each root field of the graph spends, declared by the subgraph that owns it
// (SubgraphModule.budgets, with the reason beside each): the code library and the blog are public
// (a budget per client address, no key), job polling, desktop heartbeats and the bridge's
// answers (submitToolResult) have their own allowances, and every field not declared needs a key and spends the key's tier budget ('api').
// A query costs one point, a mutation one per root field it selects (edge/operation-limits.ts:
// pointsFor), since each may create a job.
import type { OperationDefinitionNode } from 'graphql';
import type { Bucket } from '../core/rate-limit.ts';
import { SUBGRAPHS } from '../subgraphs/registry.ts';

/** Root fields' budgets as their subgraphs declare them; introspection is public. */
const DECLARED: Readonly<Record<string, Bucket>> = Object.assign(
  { 'Query.__schema': 'public', 'Query.__type': 'public' },
  ...Object.values(SUBGRAPHS).map((m) => m.budgets ?? {}),
);
const ROOT = { query: 'Query', mutation: 'Mutation', subscription: 'Subscription' } as const;

/** The budget every root field of the operation declares (__typename goes with any); 'api' when they differ. */
export function bucketFor(operation: OperationDefinitionNode): Bucket {
  const root = ROOT[operation.operation];
  const buckets = new Set<Bucket>();
  for (const s of operation.selectionSet.selections) {
    if (s.kind !== 'Field') buckets.add('api');
    else if (s.name.value !== '__typename') buckets.add(DECLARED[`${root}.${s.name.value}`] ?? 'api');
  }
  if (buckets.size === 0) return operation.operation === 'query' ? 'public' : 'api';
  return buckets.size === 1 ? [...buckets][0]! : 'api';
}

/** Whether an operation runs without a key: a query of public fields only. */
export const isPublic = (operation: OperationDefinitionNode): boolean =>
  operation.operation === 'query' && bucketFor(operation) === 'public';
