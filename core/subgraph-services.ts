// The one declaration subgraphs add their collaborators' types to (declaration merging), in a
// module of its own so that the job contract (jobs/types.ts) can name it without importing the
// platform that builds the jobs.
/**
 * The collaborators each subgraph builds once per process when the platform is created
 * (SubgraphModule.services): a store over its engine, an extractor, a scorer. Every process builds
 * every subgraph's, because any process may run any subgraph's tools and job types (an agent's
 * memory tool runs in the gateway, a memory job on a worker); building them opens no connection.
 * Each subgraph adds its entry's type where it builds them (declaration merging, as in
 * subgraphs/memory/service.ts), so readers get them typed.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SubgraphServices {}
