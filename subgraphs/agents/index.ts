// Agents subgraph: agent runs and the desktop bridge. Its own subgraph because runs,
// conversations and desktops are one domain with their own tables and no field of another
// subgraph's types. Its collaborators (store, usage, bridge, run engine) are built once when it
// starts and its resolvers and streams are made over them (resolvers.ts).
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { agentResolvers, agentStreams } from './resolvers.ts';
import { createAgentServices } from './service.ts';

export const agentsSubgraph: SubgraphModule = {
  name: 'agents',
  typeDefs: typeDefsOf('agents'),
  jobHandlers: [],
  // A desktop beats every 20 s (3 a minute per machine), and answers every tool call an agent
  // makes: their own allowances, not the account's requests (a long analysis and the user's own
  // requests would otherwise share the account's 60 a minute).
  budgets: { 'Mutation.heartbeat': 'heartbeat', 'Mutation.submitToolResult': 'bridge' },
  runsInGateway: 'the desktop sockets and the runs in flight live in the process that serves the subscriptions',
  async onStart(platform) {
    const services = createAgentServices(platform);
    const orphans = await services.store.interruptOrphans(platform.config.replica);
    if (orphans) platform.log.warn({ runs: orphans }, 'agent runs interrupted by the restart');
    return { resolvers: agentResolvers(services), subscriptions: agentStreams(services) };
  },
};
