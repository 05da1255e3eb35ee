// Drawings subgraph: Tier 1 drawing analysis (service.ts, pdf/, detect/) and Tier 2 projects
// (projects/). Wiring only: its SDL, job types, tools, the project collaborators every process
// builds once (projects/service.ts) and, at start, the resolvers made over them (resolvers.ts).
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { ingestSheetJob } from './projects/jobs/ingest-sheet.ts';
import { projectSearchJob } from './projects/jobs/search.ts';
import { createProjectServices } from './projects/service.ts';
import { drawingsResolvers } from './resolvers.ts';
import { sweepDrawings } from './service.ts';
import { drawingsTools } from './tools.ts';

export const drawingsSubgraph: SubgraphModule = {
  name: 'drawings',
  typeDefs: typeDefsOf('drawings'),
  jobHandlers: [ingestSheetJob, projectSearchJob],
  tools: drawingsTools,
  services: createProjectServices,
  async onStart(platform) {
    platform.registerSweeper((now) => sweepDrawings(platform, now));
    return { resolvers: drawingsResolvers(platform.services.drawings) };
  },
};
