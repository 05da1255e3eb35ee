// Content subgraph: the code library (public, and each account's private documents), the blog and code search. Wiring only: its SDL, resolvers
// (resolvers.ts), job types, the tools it offers agents, and the reference data it seeds at start.
import { fileURLToPath } from 'node:url';
import { typeDefsOf, type SubgraphModule } from '../module.ts';
import { readPosts, seedPosts } from './blog.ts';
import { readCatalogue, seedCodes } from './codes.ts';
import { contentResolvers } from './resolvers.ts';
import { searchJob } from './jobs/search.ts';
import { libraryIngestJob } from './jobs/library-ingest.ts';
import { sweepLibrary } from './library.ts';
import { contentTools } from './tools.ts';
import { reembedInBackground } from '../../core/embedding/reembed.ts';
import { passageIndexFor } from './search/index-for.ts';
import { codeReembedTarget } from './search/reembed.ts';

export const contentSubgraph: SubgraphModule = {
  name: 'content',
  typeDefs: typeDefsOf('content'),
  jobHandlers: [searchJob, libraryIngestJob],
  tools: contentTools,
  // The code library and the blog are public: no key, a budget per client address.
  budgets: {
    'Query.codes': 'public',
    'Query.blogPost': 'public',
    'Query.blogPostBySlug': 'public',
    'Query.blogPosts': 'public',
  },
  async onStart(platform) {
    await seedCodes(platform.db, readCatalogue(new URL('./data/codes.json', import.meta.url)));
    // Private library documents past their retention go with their passages and PDFs.
    platform.registerSweeper((now) => sweepLibrary(platform, now));
    await seedPosts(platform.db, readPosts(fileURLToPath(new URL('./data/blog', import.meta.url))));
    // Passages whose vectors another model made are embedded again in the background (core/embedding/reembed.ts).
    reembedInBackground(
      { ...platform, embedder: platform.codeEmbedder },
      codeReembedTarget(passageIndexFor(platform.db)),
    );
  },
  resolvers: contentResolvers,
};
