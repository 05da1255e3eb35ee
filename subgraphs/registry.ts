import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLSchema } from 'graphql';
import { toolRegistry } from '../core/platform-tools.ts';
import type { Platform, PlatformOptions, ServiceBase, SubgraphServices } from '../core/platform.ts';
import type { SubgraphName } from '../schema/compose.ts';
import { agentsSubgraph } from './agents/index.ts';
import { contentSubgraph } from './content/index.ts';
import { documentsSubgraph } from './documents/index.ts';
import { drawingsSubgraph } from './drawings/index.ts';
import { memorySubgraph } from './memory/index.ts';
import type { SubgraphModule } from './module.ts';

export const SUBGRAPHS: Record<SubgraphName, SubgraphModule> = {
  content: contentSubgraph,
  documents: documentsSubgraph,
  drawings: drawingsSubgraph,
  memory: memorySubgraph,
  agents: agentsSubgraph,
};

/** Starts a subgraph in this process: its onStart's work, and the module as served (with what onStart built). */
export async function startSubgraph(module: SubgraphModule, platform: Platform): Promise<SubgraphModule> {
  const started = await module.onStart?.(platform);
  return started ? { ...module, ...started } : module;
}

/** Array form: @apollo/subgraph 2.15 rejects the object form. */
export function buildSchema(module: SubgraphModule): GraphQLSchema {
  if (!module.resolvers)
    throw new Error(
      `the ${module.name} subgraph builds its resolvers when it starts: build the schema of startSubgraph's answer`,
    );
  return buildSubgraphSchema([{ typeDefs: module.typeDefs, resolvers: module.resolvers as never }]);
}

/** Every job type of every subgraph: any process may create any job type. */
export const allJobHandlers = () => Object.values(SUBGRAPHS).flatMap((m) => m.jobHandlers);

/** Job type → the subgraph that owns it: with REDIS_URL each subgraph's job types share one queue (a job family). */
export const jobFamilies = (): ReadonlyMap<string, string> =>
  new Map(Object.values(SUBGRAPHS).flatMap((m) => m.jobHandlers.map((h) => [h.type, m.name] as const)));
/** Every subgraph's tools for agents, by name: a process runs any of them in its own platform. */
export const allTools = () => toolRegistry(Object.values(SUBGRAPHS).map((m) => m.tools));

/** Every subgraph's collaborators for one platform (SubgraphModule.services), built once when it is created. */
export const buildServices = (base: ServiceBase): SubgraphServices =>
  Object.fromEntries(
    Object.values(SUBGRAPHS).flatMap((m) => (m.services ? [[m.name, m.services(base)]] : [])),
  ) as unknown as SubgraphServices;

/** What every process's platform is made of: every job type, tool and subgraph collaborator of the deployment. */
export const deploymentOptions = (): Pick<PlatformOptions, 'jobHandlers' | 'tools' | 'jobFamilies' | 'services'> => ({
  jobHandlers: allJobHandlers(),
  tools: allTools(),
  jobFamilies: jobFamilies(),
  services: buildServices,
});
