// What each root field of the graph asks of a caller, declared in one table: whether a key is
// needed, which rate-limit budget pays for it, and what it costs. Every root field not named here
// needs a key and is paid from the key's own budget ('api'): a query costs one point, a mutation
// one point per root field it selects (edge/operation-limits.ts: pointsFor), since each may
// create a job.
import type { OperationDefinitionNode } from 'graphql';
import type { Bucket } from '../core/rate-limit.ts';

export interface FieldPolicy {
  /** public: no key needed, paid by the client address's budget. polling: a key's separate allowance for following jobs. */
  bucket: Bucket;
  /** free: never charged (a client's keep-alive must not eat the budget its real work needs). */
  free?: true;
}

export const FIELD_POLICIES: Readonly<Record<string, FieldPolicy>> = {
  // The code library and the blog are public pages.
  codes: { bucket: 'public' },
  blogPost: { bucket: 'public' },
  blogPostBySlug: { bucket: 'public' },
  blogPosts: { bucket: 'public' },
  // The job-type catalogue is published like the service's limits.
  jobKinds: { bucket: 'public' },
  __typename: { bucket: 'public' },
  __schema: { bucket: 'public' },
  __type: { bucket: 'public' },
  // Following a job is its own allowance, so polling does not starve the work it follows.
  job: { bucket: 'polling' },
  // The desktop client's keep-alive every 20 s (agents subgraph).
  heartbeat: { bucket: 'api', free: true },
};

const rootFields = (operation: OperationDefinitionNode): string[] =>
  operation.selectionSet.selections.map((s) => (s.kind === 'Field' ? s.name.value : '*'));

/** The budget an operation is paid from: public or polling only when every root field is (__typename goes along with either). */
export function bucketFor(operation: OperationDefinitionNode): Bucket {
  const buckets = new Set(rootFields(operation).filter((f) => f !== '__typename').map((f) => FIELD_POLICIES[f]?.bucket ?? 'api'));
  if (operation.operation === 'query' && buckets.size <= 1) return buckets.values().next().value ?? 'public';
  return 'api';
}

/** Whether an operation runs without a key: a query of public fields only. */
export const isPublic = (operation: OperationDefinitionNode): boolean => operation.operation === 'query' && bucketFor(operation) === 'public';

/** Whether an operation is not charged at all: every root field it selects is free. */
export const isFree = (operation: OperationDefinitionNode): boolean => rootFields(operation).every((f) => FIELD_POLICIES[f]?.free === true);
