// Memory subgraph: the per-account conversation knowledge graph. Wiring only: its SDL, resolvers
// (resolvers.ts), its job type, the tools it offers agents, its collaborators (built in every
// process, service.ts) and the work to do when it starts.
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { reembedInBackground } from '../../core/embedding/reembed.ts';
import { ingestJob, resumePendingGroups } from './jobs/ingest.ts';
import { memoryReembedTarget } from './jobs/reembed.ts';
import { memoryResolvers } from './resolvers.ts';
import { createMemoryServices } from './service.ts';
import { memoryTools } from './tools.ts';

export const memorySubgraph: SubgraphModule = {
  name: 'memory',
  typeDefs: typeDefsOf('memory'),
  jobHandlers: [ingestJob],
  tools: memoryTools,
  services: createMemoryServices,
  // Messages stored by a process that died before their job was created get one now; facts whose
  // vectors another model made are embedded again in the background (core/embedding/reembed.ts).
  async onStart(platform) {
    reembedInBackground(platform, memoryReembedTarget(platform.services.memory.store));
    await resumePendingGroups(platform);
  },
  resolvers: memoryResolvers,
};
