// Drawings subgraph: Tier 1 drawing analysis and Tier 2 projects. The schema
// is final; the analysis arrives with its own issue, so every field answers
// NOT_IMPLEMENTED until then rather than inventing data.
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import { notBuilt as pending, typeDefsOf, type SubgraphModule } from '../module.ts';

export const drawingsSubgraph: SubgraphModule = {
  name: 'drawings',
  typeDefs: typeDefsOf('drawings'),
  jobHandlers: [],
  resolvers: {
    Upload: GraphQLUpload,
    Query: {
      drawing: pending('Drawing analysis'),
      drawingCache: pending('Drawing analysis'),
      projects: pending('Projects (drawing analysis Tier 2)'),
      project: pending('Projects (drawing analysis Tier 2)'),
    },
    Mutation: {
      analyzeDrawing: pending('Drawing analysis'),
      deleteDrawing: pending('Drawing analysis'),
      createProject: pending('Projects (drawing analysis Tier 2)'),
      addProjectSheets: pending('Projects (drawing analysis Tier 2)'),
    },
  },
};
